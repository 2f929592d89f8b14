// POST /api/documents/<id>/tracking-links/revoke — the document's tracking links stop opening the page. Auth: staff+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { revokeTrackingLinks } from "@/lib/tracking/server/revoke-tracking-links.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => revokeTrackingLinks(ctx, { documentId: ctx.params.id }));
