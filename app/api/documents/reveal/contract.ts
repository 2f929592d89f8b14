// Contract of POST /api/documents/reveal (see lib/http/contract.ts).
import { ZRevealedRow } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZRevealBody } from "@/lib/documents/search-schema.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/reveal",
  tag: "Staff",
  summary: "Reveal one document's personal data from the list (recorded in the history, like /documents/{id}/reveal)",
  auth: "bearer",
  role: "staff",
  request: ZRevealBody,
  response: ZRevealedRow,
  answer: "{cpf, cpf_formatted, name, email, phone}.",
  errors: [400, 401, 403, 404],
});
