// POST /api/documents/search — the staff documents list: filters, sort, paging; personal data masked as the
// instance's masking policy says for the caller's role (lib/documents/server/search-documents.ts). Auth: viewer+.
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => searchDocuments(ctx, { query: ctx.body }));
