// POST /api/lgpd/<instance>/access {"cpf": "…"} — records an access request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header (the contract's `idempotency`), as the deletion request.
import { recordAudit } from "@/lib/audit/server/record-audit.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { requestAccess } from "@/lib/lgpd/server/access-requests.ts";
import { LGPD_BODIES } from "@/lib/lgpd/server/http.ts";
import { log } from "@/lib/log.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ requestId, instanceId, body, idempotent }) =>
  idempotent.tx(async (tx) => {
    const { request: row, created } = await requestAccess(instanceId, body.cpf, {}, tx);
    if (created) {
      await recordAudit(tx, systemActor("lgpd_api", instanceId, "API LGPD"), {
        action: "lgpd_access.request",
        entity: "lgpd_access",
        entityId: row.id,
        details: { source: "api" },
      });
    }
    log.info("lgpd.access_requested", {
      request_id: requestId,
      lgpd_access_id: row.id,
      instance_id: instanceId,
      created,
    });
    return { status: 200, body: LGPD_BODIES.received };
  }),
);
