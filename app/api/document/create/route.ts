// POST /api/document/create — create a workflow document. Auth: bearer token or session (staff+).
import { createDocument } from "@/lib/documents/create.ts";
import { createDocumentSchema } from "@/lib/documents/schemas.ts";
import { serializeCreatedDocument } from "@/lib/documents/serialize.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "staff",
  body: createDocumentSchema,
  handler: async ({ actor, body, requestId }) => {
    const document = await createDocument(actor, body, requestId);
    return serializeCreatedDocument(document, Object.keys(body));
  },
});
