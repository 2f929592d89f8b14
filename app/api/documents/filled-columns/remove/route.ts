// POST /api/documents/filled-columns/remove — staff operation: remove keys from filled_columns. Auth: staff+.
import { removeFilledColumnsSchema } from "@/lib/documents/schemas.ts";
import { serializeDocument } from "@/lib/documents/serialize.ts";
import { removeFilledColumns } from "@/lib/documents/update.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "staff",
  body: removeFilledColumnsSchema,
  handler: async ({ actor, body, requestId }) => serializeDocument(await removeFilledColumns(actor, body, requestId)),
});
