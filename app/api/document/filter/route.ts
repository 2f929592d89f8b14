// POST /api/document/filter — the original's document search. Auth: bearer or session (viewer+).
import { readFilteredDocuments } from "@/lib/documents/server/api-read.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  jsonTextResponse(await readFilteredDocuments(actor, body)),
);
