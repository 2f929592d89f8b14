// POST /api/documents/<id>/messages/preview {kind: reply, text} | {kind: status, status_id} — nothing is sent. Auth: staff+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { previewMessage } from "@/lib/outbox/server/preview-message.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  previewMessage(ctx, { documentId: ctx.params.id, message: ctx.body }),
);
