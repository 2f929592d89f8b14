// DELETE /api/admin/lgpd-holds/<id> — remove a legal hold. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteLegalHold } from "@/lib/lgpd/server/delete-legal-hold.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async (ctx) => deleteLegalHold(ctx, { id: ctx.params.id }));
