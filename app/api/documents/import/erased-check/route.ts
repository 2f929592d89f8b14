// POST /api/documents/import/erased-check {rows} — positions of the import's rows whose CPF was erased before. Auth: staff.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { checkImportErased } from "@/lib/lgpd/server/check-import-erased.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => checkImportErased(ctx, ctx.body));
