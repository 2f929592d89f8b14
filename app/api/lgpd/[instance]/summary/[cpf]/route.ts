// GET /api/lgpd/<instance>/summary/<cpf> — the simplified, immediate answer (counts and dates). Auth: x-api-key.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { invalidCpf, safeDecode } from "@/lib/lgpd/server/http.ts";
import { subjectSummary } from "@/lib/lgpd/server/subject-summary.ts";
import { lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ instanceId, params }) => {
  const parsed = lgpdStatusCpfSchema.safeParse(safeDecode(params.cpf ?? ""));
  if (!parsed.success) throw invalidCpf();
  const summary = await subjectSummary(instanceId, parsed.data.replace(/\D/g, ""));
  if (!summary) return { message: "No data", status: "not_found" };
  return { message: "Data found", status: "found", summary };
});
