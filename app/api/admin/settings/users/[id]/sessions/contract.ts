// Contract of GET /api/admin/settings/users/{id}/sessions (see lib/http/contract.ts).
import { ZStaffSessionList } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/users/{id}/sessions",
  tag: "Admin",
  summary: "A user's live browser sessions",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZStaffSessionList,
  answer: "The user's live sessions, newest first (device, sign-in time, last seen).",
  errors: [401, 403, 404],
});
