// Contract of POST /api/admin/lgpd-inbox (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLgpdInboxBody, ZLgpdInboxPage } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-inbox",
  tag: "Admin",
  summary: "The officer's inbox: access and deletion requests in one list, those awaiting review first",
  auth: "bearer",
  role: "admin",
  request: ZLgpdInboxBody,
  response: ZLgpdInboxPage,
  answer: "{items, total, awaiting_review, page, page_size}: kind, masked CPF, status, source, channel, days, review.",
  errors: [400, 401, 403],
});
