// POST /api/documents/filled-columns/remove — staff operation: remove keys from filled_columns. Auth: staff+.
import { serializeDocument } from "@/lib/documents/server/serialize.ts";
import { removeFilledColumns } from "@/lib/documents/server/remove-filled-columns.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => serializeDocument(await removeFilledColumns(ctx, ctx.body)));
