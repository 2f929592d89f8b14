// POST /api/lgpd/<instance>/request {"cpf": "…"} — records a deletion request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header: a retry with the same key and body replays the first answer (lib/idempotency).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { withIdempotencyTx } from "@/lib/idempotency/server/idempotency.ts";
import { LGPD_BODIES, LgpdHttpError } from "@/lib/lgpd/server/http.ts";
import { requestDeletion } from "@/lib/lgpd/server/requests.ts";
import { log } from "@/lib/log.ts";
import * as contract from "./contract.ts";

const IDEMPOTENCY_ERRORS = {
  invalidKey: () => new LgpdHttpError(400, LGPD_BODIES.invalidIdempotencyKey),
  reusedKey: () => new LgpdHttpError(409, LGPD_BODIES.reusedIdempotencyKey),
};

export const POST = apiRoute(contract.POST, async ({ request, requestId, instanceId, body }) => {
  const scope = { request, instanceId, credential: "lgpd", route: "lgpd/request", body, errors: IDEMPOTENCY_ERRORS };
  const { status, body: answer } = await withIdempotencyTx(scope, async (tx) => {
    const { request: row, created } = await requestDeletion(instanceId, body.cpf, {}, tx);
    log.info("lgpd.requested", { request_id: requestId, lgpd_request_id: row.id, instance_id: instanceId, created });
    return { status: 200, body: LGPD_BODIES.received };
  });
  return Response.json(answer, { status });
});
