// Contract of POST /api/document/loadByCPF (see lib/http/contract.ts).
import { ZReadViewList } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { loadDocumentsByCpfSchema } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/document/loadByCPF",
  tag: "Documents",
  summary: "Read the documents of one or more identifiers",
  description:
    "cpf matches identically (a string or an array = any of them). categories: one key, a comma-separated list or an array; absent or empty = all.",
  auth: "bearer",
  role: "viewer",
  request: loadDocumentsByCpfSchema,
  response: ZReadViewList,
  answer: "Array of read views, newest first.",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
