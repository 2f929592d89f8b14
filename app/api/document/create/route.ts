// POST /api/document/create — create a workflow document. Auth: bearer token or session (staff+).
// Optional `Idempotency-Key` header: a retry with the same key and body replays the first answer (lib/idempotency).
import { createDocumentInTx } from "@/lib/documents/server/create.ts";
import { serializeCreatedDocument } from "@/lib/documents/server/serialize.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { withIdempotency } from "@/lib/idempotency/server/idempotency.ts";
import { nudgeOutbox } from "@/lib/outbox/nudge.ts";
import { API_IDEMPOTENCY_ERRORS, idempotentResponse } from "@/lib/idempotency/server/route-glue.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, request, requestId }) => {
  const scope = {
    request,
    instanceId: actor.instanceId,
    credential: `${actor.type}:${actor.id}`,
    route: "document/create",
    body,
    errors: API_IDEMPOTENCY_ERRORS,
  };
  const result = await withIdempotency(scope, async (query) => {
    const document = await createDocumentInTx(query, actor, body, requestId);
    return { status: 200, body: serializeCreatedDocument(document, Object.keys(body)), documentId: document.id };
  });
  nudgeOutbox(); // its document.created webhooks, if any endpoint listens
  return idempotentResponse(result);
});
