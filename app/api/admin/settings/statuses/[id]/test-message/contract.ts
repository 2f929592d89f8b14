// Contract of POST /api/admin/settings/statuses/{id}/test-message (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { testMessageSchema, ZTestMessageQueued } from "@/lib/outbox/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/statuses/{id}/test-message",
  tag: "Admin",
  summary: "Send the status's saved message template, with example values, to an address (marked as a test; audited)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: testMessageSchema,
  response: ZTestMessageQueued,
  answer: "{id (outbox), subject}",
  errors: [400, 401, 403, 404, 429],
});
