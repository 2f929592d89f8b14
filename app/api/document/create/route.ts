// POST /api/document/create — create a workflow document. Auth: bearer token or session (staff+).
// Optional `Idempotency-Key` header (the contract's `idempotency`): a retry with the same key and body replays the
// first answer (lib/idempotency).
import { createDocumentInTx } from "@/lib/documents/server/create-document.ts";
import { serializeCreatedDocument } from "@/lib/documents/server/serialize.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { nudgeOutbox } from "@/lib/outbox/nudge.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId, idempotent }) => {
  const response = await idempotent.sql(async (query) => {
    const document = await createDocumentInTx(query, { actor, requestId }, body);
    return { status: 200, body: serializeCreatedDocument(document, Object.keys(body)), documentId: document.id };
  });
  nudgeOutbox(); // its document.created webhooks, if any endpoint listens
  return response;
});
