// POST /api/documents/search — the staff documents list: filters, sort, paging; personal data masked as the
// instance's masking policy says for the caller's role (lib/documents/masking-policy.ts). Auth: viewer+.
import { maskedFieldsFor } from "@/lib/documents/masking-policy.ts";
import { searchDocuments } from "@/lib/documents/search.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: ZSearchDocumentsBody,
  handler: async ({ actor, body }) =>
    searchDocuments({ instanceId: actor.instanceId, query: body, masked: await maskedFieldsFor(actor) }),
});
