// Contract of POST /api/dashboard/kpis (see lib/http/contract.ts).
import { kpiQuerySchema, ZKpiData } from "@/lib/dashboard/schema.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/dashboard/kpis",
  tag: "Staff",
  summary:
    "The dashboard's headline counts: open, late now, due today, unassigned, finished this week, my late ones, failed customer e-mails",
  description:
    "Each count is the documents list's own count for the filters the dashboard's tile opens (lib/dashboard/kpis.ts), within the product and creation period asked.",
  auth: "bearer",
  role: "viewer",
  request: kpiQuerySchema,
  response: ZKpiData,
  answer: "{today, week_start, counts}: each count {total, capped} like the list's total (exact up to 10,000).",
  errors: [400, 401, 403],
});
