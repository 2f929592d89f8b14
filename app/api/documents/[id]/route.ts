// GET /api/documents/<id> — everything the staff document page renders (personal data masked). Auth: viewer+.
import { pathId } from "@/lib/documents/access.ts";
import { loadDocumentForStaff } from "@/lib/documents/staff-view.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor, params }) =>
  loadDocumentForStaff(actor, pathId(params, "id")),
);
