// POST /api/attachment/upload/link — record a linked file on a document. Auth: bearer or session (staff+).
import { linkAttachment } from "@/lib/documents/server/attachment-compat.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId }) =>
  linkAttachment(actor, body, requestId),
);
