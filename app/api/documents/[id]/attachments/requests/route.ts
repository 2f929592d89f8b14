// POST /api/documents/<id>/attachments/requests {file_name, note} — ask the customer for a file. Auth: staff+.
import { requestAttachment } from "@/lib/documents/server/attachments.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params, requestId }) =>
  requestAttachment(actor, params.id, body, requestId),
);
