// Contract of GET /api/admin/lgpd-key (see lib/http/contract.ts).
import { ZLgpdKeyInfo } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-key",
  tag: "Admin",
  summary: "The instance's LGPD key: last characters, created and last used",
  auth: "bearer",
  role: "admin",
  response: ZLgpdKeyInfo,
  answer: "{configured, last_chars, created_at, last_used_at, urls}.",
  errors: [401, 403],
});
