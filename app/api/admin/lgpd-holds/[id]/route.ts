// DELETE /api/admin/lgpd-holds/<id> — remove a legal hold. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteLegalHold } from "@/lib/lgpd/server/legal-holds.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => deleteLegalHold(actor, params.id));
