// GET /api/admin/settings/masking-policy — per role, the personal fields the documents list masks. Auth: admin.
// POST /api/admin/settings/masking-policy {admin, staff, viewer} — replaces it (audited). Auth: admin.
import { loadMaskingPolicy } from "@/lib/documents/server/load-masking-policy.ts";
import { saveMaskingPolicy } from "@/lib/documents/server/save-masking-policy.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, (ctx) => loadMaskingPolicy(ctx));

export const POST = apiRoute(contract.POST, (ctx) => saveMaskingPolicy(ctx, ctx.body));
