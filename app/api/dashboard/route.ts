// POST /api/dashboard — the dashboard's aggregates for a product and creation period. Auth: bearer or session (viewer+).
import { loadDashboard } from "@/lib/dashboard/load-dashboard.ts";
import { dashboardQuerySchema } from "@/lib/dashboard/schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: dashboardQuerySchema,
  handler: async ({ actor, body }) => loadDashboard(actor.instanceId, body),
});
