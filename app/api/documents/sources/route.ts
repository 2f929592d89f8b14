// GET /api/documents/sources — the origins already used in the caller's instance ("Novo documento"'s Origem).
// Auth: staff+ (those who create documents).
import { listDocumentSources } from "@/lib/documents/server/list-document-sources.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => ({ sources: await listDocumentSources(ctx) }));
