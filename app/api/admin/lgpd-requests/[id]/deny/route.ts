// POST /api/admin/lgpd-requests/<id>/deny {reason} — deny a deletion awaiting review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { denyDeletion } from "@/lib/lgpd/server/deny-deletion.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  denyDeletion(ctx, { id: ctx.params.id, reason: ctx.body.reason }),
);
