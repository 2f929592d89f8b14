// Contract of POST /api/observation/deleteById (see lib/http/contract.ts).
import { ZCompatDeleted, ZCompatIdBody } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/observation/deleteById",
  tag: "Compatibility",
  summary: "Delete a note (the original's observation)",
  description: "The document's history keeps a row saying the note was deleted and what it said.",
  auth: "bearer",
  role: "staff",
  request: ZCompatIdBody,
  response: ZCompatDeleted,
  answer: "{id, deleted: true}.",
  errors: [400, 401, 403, 404, 413, 415, 429, 500, 503],
});
