// POST /api/document/loadById — one document's read view. Auth: bearer or session (viewer+).
import { loadDocumentById } from "@/lib/documents/server/read.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  jsonTextResponse(await loadDocumentById(actor.instanceId, body.id)),
);
