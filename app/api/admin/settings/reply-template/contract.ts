// Contract of GET, PUT /api/admin/settings/reply-template (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { replyTemplateSchema, ZReplyTemplate } from "@/lib/outbox/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/reply-template",
  tag: "Admin",
  summary: "The instance's reply e-mail template (null fields use the default text, answered beside them)",
  auth: "bearer",
  role: "admin",
  response: ZReplyTemplate,
  answer: "{subject, body, default_subject, default_body}",
  errors: [401, 403],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/settings/reply-template",
  tag: "Admin",
  summary: "Save the reply e-mail template; unknown placeholders are refused",
  auth: "bearer",
  role: "admin",
  request: replyTemplateSchema,
  response: ZReplyTemplate,
  answer: "The saved template.",
  errors: [400, 401, 403],
});
