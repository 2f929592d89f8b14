// GET /api/lgpd/<instance>/status/<cpf> — the latest deletion request for the CPF. Auth: x-api-key (the instance's LGPD key).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { invalidCpf, LGPD_BODIES, safeDecode } from "@/lib/lgpd/server/http.ts";
import { latestRequestFor, requestDetails } from "@/lib/lgpd/server/requests.ts";
import { lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ instanceId, params }) => {
  const parsed = lgpdStatusCpfSchema.safeParse(safeDecode(params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const latest = await latestRequestFor(instanceId, parsed.data);
  if (!latest) return Response.json(LGPD_BODIES.notFound, { status: 404 });
  return { message: "Request found", status: latest.status, details: requestDetails(latest) };
});
