// POST /api/admin/lgpd-requests/<id>/approve — approve a deletion awaiting review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { approveDeletion } from "@/lib/lgpd/server/approve-deletion.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => approveDeletion(ctx, { id: ctx.params.id }));
