// POST /api/document/filter — the original's document search. Auth: bearer or session (viewer+).
import { readFilteredDocuments } from "@/lib/documents/server/read-filtered-documents.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  jsonTextResponse(await readFilteredDocuments(ctx, ctx.body)),
);
