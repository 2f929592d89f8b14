// GET /api/lgpd/<instance>/status/<cpf> — the latest deletion request for the CPF. Auth: x-api-key (the instance's LGPD key).
import { invalidCpf, LGPD_BODIES, lgpdRoute, safeDecode } from "@/lib/lgpd/server/http.ts";
import { latestRequestFor, requestDetails } from "@/lib/lgpd/server/requests.ts";
import { lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";

export const GET = lgpdRoute("status", async ({ instanceId }, params) => {
  const parsed = lgpdStatusCpfSchema.safeParse(safeDecode(params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const latest = await latestRequestFor(instanceId, parsed.data);
  if (!latest) return { status: 404, body: LGPD_BODIES.notFound };
  return {
    status: 200,
    body: { message: "Request found", status: latest.status, details: requestDetails(latest) },
  };
});
