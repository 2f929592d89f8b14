// Contract of POST /api/observation/create (see lib/http/contract.ts): the original service's note.
import { ZCompatObservation, ZCompatObservationBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/observation/create",
  tag: "Compatibility",
  summary: "Add a note to a document (the original's observation)",
  description:
    "observation_from internal is an internal note; client and question are shown to the customer. " +
    "send_communication true on a customer note queues the customer's e-mail now (the status's template with the new " +
    "notes), as a status change that notifies does; the document needs an e-mail address. section is accepted and not used.",
  auth: "bearer",
  role: "staff",
  request: ZCompatObservationBody,
  response: ZCompatObservation,
  answer: "The observation, our fields and the original's (id, message, observation_from, send_communication, …).",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
