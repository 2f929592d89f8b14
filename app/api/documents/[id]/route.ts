// GET /api/documents/<id> — everything the staff document page renders (personal data masked). Auth: viewer+.
import { loadDocumentForStaff } from "@/lib/documents/server/load-document-for-staff.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadDocumentForStaff(ctx, { id: ctx.params.id }));
