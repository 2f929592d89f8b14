// Contract of GET, PUT /api/admin/settings/second-factor (see lib/http/contract.ts).
import { secondFactorPolicySchema, ZSecondFactorPolicy } from "@/lib/auth/second-factor.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/second-factor",
  tag: "Admin",
  summary: "Who must sign in with a second factor, and how long a browser may be remembered",
  auth: "bearer",
  role: "admin",
  response: ZSecondFactorPolicy,
  answer: "`required_for` (none, admins, everyone) and `remember_device_days` (0 = never).",
  errors: [401, 403],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/settings/second-factor",
  tag: "Admin",
  summary: "Require a second factor for admins or everyone; days a browser may be remembered",
  description:
    "Integration accounts are never asked (they have no web sign-in). A person who must use a factor and has none is sent to enrol before anything else, and their password alone no longer gets a sign-in token.",
  auth: "bearer",
  role: "admin",
  request: secondFactorPolicySchema,
  response: ZSecondFactorPolicy,
  answer: "The policy as saved.",
  errors: [400, 401, 403],
});
