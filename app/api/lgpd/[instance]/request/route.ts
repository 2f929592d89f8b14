// POST /api/lgpd/<instance>/request {"cpf": "…"} — records a deletion request. Auth: x-api-key (the instance's LGPD key).
import { invalidCpf, LGPD_BODIES, lgpdRoute, readLgpdJson } from "@/lib/lgpd/http.ts";
import { requestDeletion } from "@/lib/lgpd/requests.ts";
import { deletionRequestSchema } from "@/lib/lgpd/schemas.ts";
import { log } from "@/lib/log.ts";

export const POST = lgpdRoute("request", async ({ request, requestId, instanceId }) => {
  const parsed = deletionRequestSchema.safeParse(await readLgpdJson(request));
  if (!parsed.success) throw invalidCpf();
  const { request: row, created } = await requestDeletion(instanceId, parsed.data.cpf);
  log.info("lgpd.requested", { request_id: requestId, lgpd_request_id: row.id, instance_id: instanceId, created });
  return { status: 200, body: LGPD_BODIES.received };
});
