// POST /api/admin/lgpd-requests/search — the instance's LGPD requests, paged, newest first; filters by status,
// requested days and CPF (hashed; POST keeps it out of URLs and logs). Auth: admin.
import { searchLgpdRequests, ZSearchLgpdRequestsBody } from "@/lib/lgpd/admin-requests.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "admin",
  body: ZSearchLgpdRequestsBody,
  handler: async ({ actor, body }) => searchLgpdRequests(actor.instanceId, body),
});
