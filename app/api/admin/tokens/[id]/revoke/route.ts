// POST /api/admin/tokens/<id>/revoke — revokes a document-API token of the instance. Auth: admin.
import { revokeInstanceApiToken } from "@/lib/apis/api-token-admin.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";
import { idParam } from "@/lib/http/route-params.ts";

export const POST = apiRoute({
  role: "admin",
  body: noParametersSchema,
  handler: async ({ actor, params }) => revokeInstanceApiToken(actor, idParam(params.id, "Token not found")),
});
