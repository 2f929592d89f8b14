// POST /api/admin/lgpd-requests/<id>/reopen {cpf, reason} — reopen a denied deletion for review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { reopenDeletion } from "@/lib/lgpd/server/reopen-deletion.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  reopenDeletion(ctx, { id: ctx.params.id, cpf: ctx.body.cpf, reason: ctx.body.reason }),
);
