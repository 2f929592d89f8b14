// POST /api/lgpd/<instance>/request {"cpf": "…"} — records a deletion request. Auth: x-api-key (the instance's LGPD key).
// Optional `Idempotency-Key` header: a retry with the same key and body replays the first answer (lib/idempotency).
import { withIdempotencyTx } from "@/lib/idempotency/server/idempotency.ts";
import { invalidCpf, LGPD_BODIES, LgpdHttpError, lgpdRoute, readLgpdJson } from "@/lib/lgpd/server/http.ts";
import { requestDeletion } from "@/lib/lgpd/server/requests.ts";
import { deletionRequestSchema } from "@/lib/lgpd/schemas.ts";
import { log } from "@/lib/log.ts";

const IDEMPOTENCY_ERRORS = {
  invalidKey: () => new LgpdHttpError(400, LGPD_BODIES.invalidIdempotencyKey),
  reusedKey: () => new LgpdHttpError(409, LGPD_BODIES.reusedIdempotencyKey),
};

export const POST = lgpdRoute("request", async ({ request, requestId, instanceId }) => {
  const parsed = deletionRequestSchema.safeParse(await readLgpdJson(request));
  if (!parsed.success) throw invalidCpf();
  const scope = {
    request,
    instanceId,
    credential: "lgpd",
    route: "lgpd/request",
    body: parsed.data,
    errors: IDEMPOTENCY_ERRORS,
  };
  const { status, body } = await withIdempotencyTx(scope, async (tx) => {
    const { request: row, created } = await requestDeletion(instanceId, parsed.data.cpf, {}, tx);
    log.info("lgpd.requested", { request_id: requestId, lgpd_request_id: row.id, instance_id: instanceId, created });
    return { status: 200, body: LGPD_BODIES.received };
  });
  return { status, body };
});
