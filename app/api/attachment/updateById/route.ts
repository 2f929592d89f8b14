// POST /api/attachment/updateById — change an attachment's name, description or review status. Auth: staff+.
import { updateAttachmentFields } from "@/lib/documents/server/update-attachment-fields.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => updateAttachmentFields(ctx, ctx.body));
