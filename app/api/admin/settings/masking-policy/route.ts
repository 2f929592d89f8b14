// GET /api/admin/settings/masking-policy — per role, the personal fields the documents list masks. Auth: admin.
// POST /api/admin/settings/masking-policy {admin, staff, viewer} — replaces it (audited). Auth: admin.
import { loadMaskingPolicy, saveMaskingPolicy } from "@/lib/documents/server/masking-policy.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, ({ actor }) => loadMaskingPolicy(actor.instanceId));

export const POST = apiRoute(contract.POST, ({ actor, body }) => saveMaskingPolicy(actor, body));
