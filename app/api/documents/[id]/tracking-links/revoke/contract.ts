// Contract of POST /api/documents/{id}/tracking-links/revoke (see lib/http/contract.ts).
import { z } from "zod";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/tracking-links/revoke",
  tag: "Staff",
  summary: "Revoke every tracking link of the document issued so far (e-mail links and lookup sessions)",
  auth: "bearer",
  role: "staff",
  params: { id: documentIdParam },
  request: noParametersSchema,
  response: z.strictObject({ revoked_at: z.string() }),
  answer: "{revoked_at}",
  errors: [400, 401, 403, 404],
});
