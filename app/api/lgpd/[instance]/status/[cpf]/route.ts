// GET /api/lgpd/<instance>/status/<cpf> — the latest deletion request for the CPF. Auth: x-api-key (the instance's LGPD key).
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { invalidCpf, LGPD_BODIES, safeDecode } from "@/lib/lgpd/server/http.ts";
import { describeDeletionRequest } from "@/lib/lgpd/server/describe-deletion-request.ts";
import { lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const parsed = lgpdStatusCpfSchema.safeParse(safeDecode(ctx.params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const answer = await describeDeletionRequest(ctx, { cpf: parsed.data });
  return answer ?? Response.json(LGPD_BODIES.notFound, { status: 404 });
});
