// Contract of POST /api/lgpd/{instance}/request (see lib/http/contract.ts).
import { defineContract, IDEMPOTENCY_KEY_HEADER } from "@/lib/http/contract.ts";
import { deletionRequestSchema, ZLgpdReceived } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/lgpd/{instance}/request",
  tag: "LGPD",
  summary: "Request the deletion of all personal data tied to a CPF",
  description:
    'Header x-api-key: the instance\'s LGPD key (APIs menu → LGPD). A second request for a CPF that is still pending does not create a duplicate. Errors: 400 {"status":"error","message":"Invalid CPF"} (also for a body that is not JSON), 401 {"status":"error","message":"Unauthorized"} (also for an unknown instance), 500 {"status":"error","message":"Unexpected error"}, 503 {"status":"error","message":"Service unavailable"} with Retry-After (database busy or down; nothing recorded). With Idempotency-Key: 409 {"status":"error","message":"Idempotency-Key already used with a different body"}, 400 {"status":"error","message":"Invalid Idempotency-Key"}.',
  auth: "lgpdKey",
  request: deletionRequestSchema,
  idempotency: { route: "lgpd/request" },
  headers: [IDEMPOTENCY_KEY_HEADER],
  response: ZLgpdReceived,
  answer: "Request received.",
  example: { status: "pending", message: "Request received. Please use the status method to check progress" },
});
