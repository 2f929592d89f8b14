// POST /api/documents/reveal-page {ids} — the unmasked CPF (also formatted), name, e-mail and phone of the list
// rows on screen, logged as ONE audit entry for the whole page (lib/documents/server/reveal-page.ts). Auth: staff+.
import { revealPage } from "@/lib/documents/server/reveal-page.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, (ctx) => revealPage(ctx, { ids: ctx.body.ids }));
