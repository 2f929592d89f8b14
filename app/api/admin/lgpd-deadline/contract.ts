// Contracts of GET and PUT /api/admin/lgpd-deadline (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLgpdDeadline, ZLgpdDeadlineBody } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-deadline",
  tag: "Admin",
  summary: "The instance's deadline to answer a data subject (days)",
  auth: "bearer",
  role: "admin",
  response: ZLgpdDeadline,
  answer: "{deadline_days}: 15, 30, or LGPD_DEADLINE_DAYS when never set.",
  errors: [401, 403],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/lgpd-deadline",
  tag: "Admin",
  summary: "Set the deadline to answer a data subject: 15 days, or 30 for small processing agents (audited)",
  auth: "bearer",
  role: "admin",
  request: ZLgpdDeadlineBody,
  response: ZLgpdDeadline,
  answer: "{deadline_days}.",
  errors: [400, 401, 403],
});
