// Contract of POST /api/modality/loadAll (see lib/http/contract.ts).
import { ZModalityList } from "@/lib/catalog/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { emptyBodySchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/modality/loadAll",
  tag: "Catalog",
  summary: "The instance's modalities with their SLA calendars",
  auth: "bearer",
  role: "viewer",
  request: emptyBodySchema,
  response: ZModalityList,
  answer: "Array of modalities {id, identifier, time_zone, working_hours, holidays[]}.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
