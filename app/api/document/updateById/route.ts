// POST /api/document/updateById — change a document; filled_columns is merged. Auth: bearer or session (staff+).
import { updateDocumentSchema } from "@/lib/documents/schemas.ts";
import { serializeDocument } from "@/lib/documents/serialize.ts";
import { updateDocument } from "@/lib/documents/update.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "staff",
  body: updateDocumentSchema,
  handler: async ({ actor, body, requestId }) => serializeDocument(await updateDocument(actor, body, requestId)),
});
