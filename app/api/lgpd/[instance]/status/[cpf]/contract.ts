// Contract of GET /api/lgpd/{instance}/status/{cpf} (see lib/http/contract.ts).
import { lgpdCpfParam, ZLgpdStatusAnswer } from "@/lib/lgpd/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/lgpd/{instance}/status/{cpf}",
  tag: "LGPD",
  summary: "The latest deletion request for a CPF",
  description:
    'status is pending, not_found, done or error; details holds, when done, the counts deleted per kind and the request and completion times; when error, the reason. 404 {"status":"error","message":"Request not found"}, 400 Invalid CPF, 401 Unauthorized.',
  auth: "lgpdKey",
  params: { cpf: lgpdCpfParam },
  response: ZLgpdStatusAnswer,
  answer: "Request found.",
  example: {
    message: "Request found",
    status: "done",
    details: {
      requested_at: "2026-11-23T12:00:00.000Z",
      completed_at: "2026-11-23T12:00:05.000Z",
      deleted: { documents: 2, observations: 1, attachments: 1, history: 4 },
    },
  },
});
