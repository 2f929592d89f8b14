// Contract of GET /api/account/customer-replies (see lib/http/contract.ts).
import { ZCustomerRepliesCount } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/account/customer-replies",
  tag: "Staff",
  summary:
    "How many cases whose customer replied wait for the caller (assigned to them, or unassigned if they follow those)",
  auth: "bearer",
  role: "viewer",
  response: ZCustomerRepliesCount,
  answer: "{count, last_activity_at}",
  errors: [401, 403],
});
