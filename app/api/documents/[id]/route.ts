// GET /api/documents/<id>[?personal=1] — everything the staff document page renders (personal data masked; with
// personal=1, the sent messages in clear after the caller revealed this document). Auth: viewer+.
import { loadDocumentForStaff } from "@/lib/documents/server/load-document-for-staff.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) =>
  loadDocumentForStaff(ctx, {
    id: ctx.params.id,
    personal: new URL(ctx.request.url).searchParams.get("personal") === "1",
  }),
);
