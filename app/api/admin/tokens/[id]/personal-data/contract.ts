// Contract of POST /api/admin/tokens/{id}/personal-data (see lib/http/contract.ts).
import { ZApiToken, ZTokenPersonalDataBody } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/tokens/{id}/personal-data",
  tag: "Admin",
  summary: "Let an integration token read personal data in clear, or mask it again",
  description:
    "The document API's reads (by id, by CPF, the original's filter) mask CPF, name, e-mail and phone like the " +
    "document page; a staff or admin " +
    "token with `clear: true` gets them in clear, and each such read is counted on the token (`unmasked_reads`). " +
    "Viewer tokens cannot be set (400).",
  auth: "bearer",
  params: { id: idParam("Token not found") },
  role: "admin",
  request: ZTokenPersonalDataBody,
  response: ZApiToken,
  answer: "The token with its new setting.",
  errors: [400, 401, 403, 404],
});
