// POST /api/documents/search — the staff documents list: filters, sort, paging; personal data masked as the
// instance's masking policy says for the caller's role (lib/documents/masking-policy.ts). Auth: viewer+.
import { maskedFieldsFor } from "@/lib/documents/masking-policy.ts";
import { searchDocuments } from "@/lib/documents/search.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  searchDocuments({ instanceId: actor.instanceId, query: body, masked: await maskedFieldsFor(actor) }),
);
