// POST /api/tracking/lookup — the tracking page's form: {protocol, identifier} (CPF/CNPJ as the customer types it).
// No auth. Answers {token, view}, or the same 404 for a wrong protocol or a wrong identifier; failures are throttled
// per protocol and per address (429 + Retry-After).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { lookUpTrackedDocument } from "@/lib/tracking/server/look-up-tracked-document.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => lookUpTrackedDocument(ctx, ctx.body));
