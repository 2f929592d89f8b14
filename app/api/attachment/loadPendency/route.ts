// POST /api/attachment/loadPendency — a document's pending file requests. Auth: bearer or session (viewer+).
import { loadPendencies } from "@/lib/documents/server/load-pendencies.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => loadPendencies(ctx, { documentId: ctx.body.document_id }));
