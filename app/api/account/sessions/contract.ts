// Contract of GET /api/account/sessions (see lib/http/contract.ts).
import { ZStaffSessionList } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/account/sessions",
  tag: "Staff",
  summary: "Where one is signed in: device, sign-in time, last seen",
  auth: "bearer",
  role: "viewer",
  response: ZStaffSessionList,
  answer: "The live browser sessions, newest first; `current` marks the caller's own.",
  errors: [401, 403],
});
