// POST /api/admin/lgpd-inbox — the officer's inbox of access and deletion requests, the review queue first, paged;
// filters by kind, status and assignee. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { listLgpdInbox } from "@/lib/lgpd/server/list-lgpd-inbox.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => listLgpdInbox(ctx, ctx.body));
