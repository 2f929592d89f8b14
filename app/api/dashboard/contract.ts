// Contract of POST /api/dashboard (see lib/http/contract.ts).
import { ZDashboardData } from "@/lib/dashboard/schema.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { dashboardQuerySchema } from "@/lib/dashboard/schema.ts";

export const POST = defineContract({
  method: "POST",
  path: "/dashboard",
  tag: "Staff",
  summary: "Dashboard figures: per category, SLA states, days-late histogram, compliance over time",
  auth: "bearer",
  role: "viewer",
  request: dashboardQuerySchema,
  response: ZDashboardData,
  answer: "The dashboard's series, each also shown as a table in the UI.",
  errors: [400, 401, 403],
});
