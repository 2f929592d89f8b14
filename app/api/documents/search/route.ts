// POST /api/documents/search — the staff documents list: filters, sort, paging; personal data masked. Auth: viewer+.
import { searchDocuments } from "@/lib/documents/search.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: ZSearchDocumentsBody,
  handler: ({ actor, body }) => searchDocuments({ instanceId: actor.instanceId, query: body }),
});
