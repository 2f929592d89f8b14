// POST /api/attachment/loadPendency — a document's pending file requests. Auth: bearer or session (viewer+).
import { loadPendencies } from "@/lib/documents/server/attachment-compat.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) => loadPendencies(actor, body.document_id));
