// GET /api/lgpd/<instance>/status/<cpf> — the latest deletion request for the CPF. Auth: x-api-key (the instance's LGPD key).
import { z } from "zod";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { invalidCpf, LGPD_BODIES, lgpdRoute, safeDecode } from "@/lib/lgpd/server/http.ts";
import { latestRequestFor, requestDetails } from "@/lib/lgpd/server/requests.ts";

const ZCpfParam = z.string().trim().refine(isValidCpf);

export const GET = lgpdRoute("status", async ({ instanceId }, params) => {
  const parsed = ZCpfParam.safeParse(safeDecode(params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const latest = await latestRequestFor(instanceId, parsed.data);
  if (!latest) return { status: 404, body: LGPD_BODIES.notFound };
  return {
    status: 200,
    body: { message: "Request found", status: latest.status, details: requestDetails(latest) },
  };
});
