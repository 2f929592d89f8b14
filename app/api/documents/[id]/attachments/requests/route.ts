// POST /api/documents/<id>/attachments/requests {file_name, note} — ask the customer for a file. Auth: staff+.
import { requestAttachment } from "@/lib/documents/server/request-attachment.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  requestAttachment(ctx, { ...ctx.body, documentId: ctx.params.id }),
);
