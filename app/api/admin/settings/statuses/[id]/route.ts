// PATCH /api/admin/settings/statuses/<id> — change fields; `allowed_status_ids` replaces the transitions. Auth: admin.
// DELETE /api/admin/settings/statuses/<id>[?move_to=<id>] — 409 while documents are in it, unless they move. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteStatus } from "@/lib/settings/server/delete-status.ts";
import { updateStatus } from "@/lib/settings/server/update-status.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateStatus(ctx, { id: ctx.params.id, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) =>
  deleteStatus(ctx, { id: ctx.params.id, moveTo: ctx.query.move_to }),
);
