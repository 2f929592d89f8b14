// GET /api/lgpd/<instance>/summary/<cpf> — the simplified, immediate answer (counts and dates). Auth: x-api-key.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { subjectSummary } from "@/lib/lgpd/server/subject-summary.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ instanceId, params }) => {
  const summary = await subjectSummary(instanceId, params.cpf.replace(/\D/g, ""));
  if (!summary) return { message: "No data", status: "not_found" };
  return { message: "Data found", status: "found", summary };
});
