// GET/POST /api/admin/lgpd-holds — legal holds (LGPD Art. 16 I). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createLegalHold, listLegalHolds } from "@/lib/lgpd/server/legal-holds.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => listLegalHolds(actor.instanceId));

export const POST = apiRoute(contract.POST, async ({ actor, body }) => createLegalHold(actor, body));
