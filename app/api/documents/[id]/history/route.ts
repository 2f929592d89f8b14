// GET /api/documents/<id>/history[?personal=1] — the timeline, newest first; personal values masked unless a
// staff/admin caller revealed them. Auth: viewer+.
import { loadDocumentHistory } from "@/lib/documents/server/load-document-history.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) =>
  loadDocumentHistory(ctx, {
    id: ctx.params.id,
    personal: new URL(ctx.request.url).searchParams.get("personal") === "1",
  }),
);
