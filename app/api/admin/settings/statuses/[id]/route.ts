// PATCH /api/admin/settings/statuses/<id> — change fields; `allowed_status_ids` replaces the transitions. Auth: admin.
// DELETE /api/admin/settings/statuses/<id> — 409 while documents are in it. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteStatus, updateStatus } from "@/lib/settings/server/statuses.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) => updateStatus(actor, params.id, body));

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteStatus(actor, params.id));
