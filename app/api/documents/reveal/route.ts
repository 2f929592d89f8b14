// POST /api/documents/reveal {id} — one document's unmasked CPF, name, e-mail, phone; logged in its history.
// Auth: staff+ (viewers get 403).
import { REVEAL_ROLE, revealPersonalData } from "@/lib/documents/reveal.ts";
import { ZRevealBody } from "@/lib/documents/search-schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: REVEAL_ROLE,
  body: ZRevealBody,
  handler: ({ actor, body, requestId }) => revealPersonalData({ actor, documentId: body.id, requestId }),
});
