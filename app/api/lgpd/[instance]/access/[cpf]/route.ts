// GET /api/lgpd/<instance>/access/<cpf> — the latest access request for the CPF. Auth: x-api-key (the instance's LGPD key).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { publicOrigin } from "@/lib/http/public-origin.ts";
import { accessStatusAnswer, latestAccessRequestFor } from "@/lib/lgpd/server/access-requests.ts";
import { invalidCpf, LGPD_BODIES, safeDecode } from "@/lib/lgpd/server/http.ts";
import { lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ request, instanceId, params }) => {
  const parsed = lgpdStatusCpfSchema.safeParse(safeDecode(params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const latest = await latestAccessRequestFor(instanceId, parsed.data);
  if (!latest) return Response.json(LGPD_BODIES.notFound, { status: 404 });
  return accessStatusAnswer(latest, safeDecode(params.instance ?? ""), publicOrigin(request));
});
