// POST /api/admin/tokens/<id>/revoke — revokes a document-API token of the instance. Auth: admin.
import { revokeInstanceApiToken } from "@/lib/apis/server/revoke-instance-api-token.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => revokeInstanceApiToken(ctx, { id: ctx.params.id }));
