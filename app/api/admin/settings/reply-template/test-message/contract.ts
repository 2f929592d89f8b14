// Contract of POST /api/admin/settings/reply-template/test-message (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { testMessageSchema, ZTestMessageQueued } from "@/lib/outbox/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/reply-template/test-message",
  tag: "Admin",
  summary: "Send the saved reply template, with example values, to a user of the instance (marked as a test; audited)",
  auth: "bearer",
  role: "admin",
  request: testMessageSchema,
  response: ZTestMessageQueued,
  answer: "{id (outbox), subject}",
  errors: [400, 401, 403, 429],
});
