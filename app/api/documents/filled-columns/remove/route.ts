// POST /api/documents/filled-columns/remove — staff operation: remove keys from filled_columns. Auth: staff+.
import { serializeDocument } from "@/lib/documents/serialize.ts";
import { removeFilledColumns } from "@/lib/documents/update.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId }) =>
  serializeDocument(await removeFilledColumns(actor, body, requestId)),
);
