// Contract of POST /api/documents/reveal-page (see lib/http/contract.ts).
import { ZRevealedPage } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZRevealPageBody } from "@/lib/documents/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/reveal-page",
  tag: "Staff",
  summary: "Reveal the personal data of the list rows on screen (at most 100 ids), logged as one audit entry",
  auth: "bearer",
  role: "staff",
  request: ZRevealPageBody,
  response: ZRevealedPage,
  answer: "{items: [{id, cpf, cpf_formatted, name, email, phone}]} for the ids of this instance.",
  errors: [400, 401, 403],
});
