// Contract of POST /api/documents/filled-columns/remove (see lib/http/contract.ts).
import { ZDocument } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { removeFilledColumnsSchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/filled-columns/remove",
  tag: "Staff",
  summary: "Remove keys from a document's filled_columns",
  auth: "bearer",
  role: "staff",
  request: removeFilledColumnsSchema,
  response: ZDocument,
  answer: "The full document.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503, 404],
});
