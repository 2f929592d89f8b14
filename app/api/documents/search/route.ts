// POST /api/documents/search — the staff documents list: filters, sort, paging; personal data masked as the
// instance's masking policy says for the caller's role (lib/documents/server/masking-policy.ts). Auth: viewer+.
import { maskedFieldsFor } from "@/lib/documents/server/masking-policy.ts";
import { searchDocuments } from "@/lib/documents/server/search.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  searchDocuments({
    instanceId: actor.instanceId,
    query: body,
    masked: await maskedFieldsFor(actor),
    me: actor.userId,
  }),
);
