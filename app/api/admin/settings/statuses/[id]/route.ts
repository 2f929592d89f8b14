// PATCH /api/admin/settings/statuses/<id> — change fields; `allowed_status_ids` replaces the transitions. Auth: admin.
// DELETE /api/admin/settings/statuses/<id> — 409 while documents are in it. Auth: admin.
import { apiRoute } from "@/lib/http/api-route.ts";
import { idParam } from "@/lib/settings/route-params.ts";
import { updateStatusSchema } from "@/lib/settings/schemas.ts";
import { deleteStatus, updateStatus } from "@/lib/settings/statuses.ts";

export const PATCH = apiRoute({
  role: "admin",
  body: updateStatusSchema,
  handler: async ({ actor, body, params }) => updateStatus(actor, idParam(params), body),
});

export const DELETE = apiRoute({
  role: "admin",
  handler: async ({ actor, params }) => deleteStatus(actor, idParam(params)),
});
