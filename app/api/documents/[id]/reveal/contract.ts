// Contract of POST /api/documents/{id}/reveal (see lib/http/contract.ts).
import { ZRevealedPersonalData } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/reveal",
  tag: "Staff",
  summary: "Reveal the customer's personal data (recorded in the history)",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "staff",
  response: ZRevealedPersonalData,
  answer: "{cpf, name, email, phone}.",
  errors: [400, 401, 403, 404],
});
