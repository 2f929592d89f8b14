// POST /api/document/loadById — one document's read view, personal data masked unless the token may read it in clear. Auth: bearer or session (viewer+).
import { readDocumentById } from "@/lib/documents/server/read-document-by-id.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  jsonTextResponse(await readDocumentById(ctx, { id: ctx.body.id })),
);
