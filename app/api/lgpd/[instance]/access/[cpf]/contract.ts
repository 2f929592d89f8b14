// Contract of GET /api/lgpd/{instance}/access/{cpf} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { lgpdCpfParam, lgpdInstanceParam, ZLgpdAccessStatusAnswer } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/lgpd/{instance}/access/{cpf}",
  tag: "LGPD",
  summary: "The latest access request for a CPF, with its download link when ready",
  description:
    'Header x-api-key: the instance\'s LGPD key. status is pending, done, not_found or error. When done and until expires_at (LGPD_ACCESS_LINK_DAYS, default 7 days), download_url is a signed link to the zip that needs no key (hand it to the data subject); every download is audited, and the package is deleted when the link expires or a deletion request for the CPF arrives (details.package_deleted_at). details holds the counts per kind and the times, or the reason when error. 404 {"status":"error","message":"Request not found"}, 400 Invalid CPF, 401 Unauthorized.',
  auth: "lgpdKey",
  params: { instance: lgpdInstanceParam, cpf: lgpdCpfParam },
  response: ZLgpdAccessStatusAnswer,
  answer: "Request found.",
  example: {
    message: "Request found",
    status: "done",
    details: {
      requested_at: "2026-11-23T12:00:00.000Z",
      completed_at: "2026-11-23T12:00:03.000Z",
      counts: { documents: 2, observations: 3, attachments: 1, messages: 2, history: 7 },
      size_bytes: 18234,
      expires_at: "2026-11-30T12:00:03.000Z",
    },
    download_url: "https://docflow.example/api/lgpd/default/access/download/7?expires=1764504003&sig=…",
    expires_at: "2026-11-30T12:00:03.000Z",
  },
});
