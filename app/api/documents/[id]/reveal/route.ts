// POST /api/documents/<id>/reveal — the customer's real cpf, name, email, phone; logged in the history. Auth: staff+.
import { revealPersonalData } from "@/lib/documents/server/reveal-personal-data.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => revealPersonalData(ctx, { id: ctx.params.id }));
