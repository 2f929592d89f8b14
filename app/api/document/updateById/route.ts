// POST /api/document/updateById — change a document; filled_columns is merged. Auth: bearer or session (staff+).
import { serializeDocument } from "@/lib/documents/server/serialize.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => serializeDocument(await updateDocument(ctx, ctx.body)));
