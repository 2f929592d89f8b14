// POST /api/document/loadById — one document's read view. Auth: bearer or session (viewer+).
import { loadDocumentById } from "@/lib/documents/read.ts";
import { loadDocumentByIdSchema } from "@/lib/documents/schemas.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";

export const POST = apiRoute({
  role: "viewer",
  body: loadDocumentByIdSchema,
  handler: async ({ actor, body }) => jsonTextResponse(await loadDocumentById(actor.instanceId, body.id)),
});
