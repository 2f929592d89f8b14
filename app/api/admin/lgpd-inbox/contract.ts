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
  description:
    'Filters: kind, status (as staff see it), assignee ("me", "none" or a user id). Each row names its assignee; `assignees` lists who may be assigned (POST /admin/lgpd-inbox/assign).',
  answer:
    "{items, total, awaiting_review, assignees, page, page_size}: kind, masked CPF, status, source, channel, days, review, assignee.",
  errors: [400, 401, 403],
});
