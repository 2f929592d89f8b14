// Contract of POST /api/dashboard/workload (see lib/http/contract.ts).
import { workloadQuerySchema, ZWorkloadData } from "@/lib/dashboard/schema.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/dashboard/workload",
  tag: "Staff",
  summary: "The team's workload: open, late and due-today documents per responsible person",
  description:
    "Each number is the documents list's own count for the filters its link on the dashboard opens (lib/dashboard/workload.ts), within the product and creation period asked.",
  auth: "bearer",
  role: "viewer",
  request: workloadQuerySchema,
  response: ZWorkloadData,
  answer: "{today, rows[{user_id, name, open, late, due_today}]}: most late first; user_id null = nobody responsible.",
  errors: [400, 401, 403],
});
