// Contract of POST /api/lgpd/{instance}/access (see lib/http/contract.ts).
import { defineContract, IDEMPOTENCY_KEY_HEADER } from "@/lib/http/contract.ts";
import { accessRequestSchema, ZLgpdReceived } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/lgpd/{instance}/access",
  tag: "LGPD",
  summary: "Request the access package of a CPF (LGPD Art. 18 II, 19 II and §3)",
  description:
    "Header x-api-key: the instance's LGPD key. The worker builds a zip with dados.json (everything tied to the CPF), one CSV per kind (UTF-8 with BOM), the attachments and declaracao.html (the declaration in pt-BR: what is held, origin, purpose, sharing, retention); GET /lgpd/{instance}/access/{cpf} then answers a signed download_url. A second request while one is pending creates no duplicate. Errors as the deletion request: 400 Invalid CPF, 401 Unauthorized, 503 Service unavailable; with Idempotency-Key 409 and 400 as there.",
  auth: "lgpdKey",
  request: accessRequestSchema,
  headers: [IDEMPOTENCY_KEY_HEADER],
  idempotency: { route: "lgpd/access" },
  response: ZLgpdReceived,
  answer: "Request received.",
  example: { status: "pending", message: "Request received. Please use the status method to check progress" },
});
