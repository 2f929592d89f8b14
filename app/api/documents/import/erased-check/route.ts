// POST /api/documents/import/erased-check {cpfs} — positions of CPFs erased before. Auth: staff.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { erasedPositions } from "@/lib/lgpd/server/returning-identifiers.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) => ({
  erased: await erasedPositions(actor.instanceId, body.cpfs),
}));
