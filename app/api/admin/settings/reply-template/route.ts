// GET, PUT /api/admin/settings/reply-template — the reply e-mail's template. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadReplyTemplate, saveReplyTemplate } from "@/lib/outbox/server/reply-template.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadReplyTemplate(ctx));
export const PUT = apiRoute(contract.PUT, async (ctx) => saveReplyTemplate(ctx, ctx.body));
