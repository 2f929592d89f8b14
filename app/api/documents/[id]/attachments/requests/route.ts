// POST /api/documents/<id>/attachments/requests {file_name, note} — ask the customer for a file. Auth: staff+.
import { pathId } from "@/lib/documents/access.ts";
import { requestAttachment } from "@/lib/documents/attachments.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params, requestId }) =>
  requestAttachment(actor, pathId(params, "id"), body, requestId),
);
