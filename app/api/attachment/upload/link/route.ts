// POST /api/attachment/upload/link — record a linked file on a document. Auth: bearer or session (staff+).
import { linkAttachment } from "@/lib/documents/server/link-attachment.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => linkAttachment(ctx, ctx.body));
