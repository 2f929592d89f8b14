// POST /api/admin/settings/reply-template/test-message — "Enviar teste" of the reply template. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { sendReplyTestMessage } from "@/lib/outbox/server/reply-template.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => sendReplyTestMessage(ctx, ctx.body));
