// Contract of GET /api/lgpd/{instance}/summary/{cpf} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { lgpdCpfParam, ZLgpdSummaryAnswer } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/lgpd/{instance}/summary/{cpf}",
  tag: "LGPD",
  summary: "The simplified answer (LGPD Art. 19 I): whether data tied to a CPF is held, how much of each kind",
  description:
    'Header x-api-key: the instance\'s LGPD key. Counts of documents, observations, attachments, messages and history rows tied to the CPF (its documents now or in their history), which personal fields they hold (names, never values), the first and last dates. A CPF with no data answers {"message":"No data","status":"not_found"} and nothing else. Errors as the status route: 400 Invalid CPF, 401 Unauthorized, 503 Service unavailable.',
  auth: "lgpdKey",
  params: { cpf: lgpdCpfParam },
  response: ZLgpdSummaryAnswer,
  answer: "The summary, or No data.",
  example: {
    message: "Data found",
    status: "found",
    summary: {
      documents: 2,
      observations: 3,
      attachments: 1,
      messages: 2,
      history: 7,
      personal_fields: ["cpf", "name", "email"],
      first_at: "2026-01-10T12:00:00.000Z",
      last_at: "2026-11-20T15:30:00.000Z",
    },
  },
});
