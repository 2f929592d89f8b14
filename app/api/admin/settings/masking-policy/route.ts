// GET /api/admin/settings/masking-policy — per role, the personal fields the documents list masks. Auth: admin.
// POST /api/admin/settings/masking-policy {admin, staff, viewer} — replaces it (audited). Auth: admin.
import { loadMaskingPolicy, saveMaskingPolicy } from "@/lib/documents/masking-policy.ts";
import { ZMaskingPolicyBody } from "@/lib/documents/masking-policy-schema.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const GET = apiRoute({ role: "admin", handler: ({ actor }) => loadMaskingPolicy(actor.instanceId) });

export const POST = apiRoute({
  role: "admin",
  body: ZMaskingPolicyBody,
  handler: ({ actor, body }) => saveMaskingPolicy(actor, body),
});
