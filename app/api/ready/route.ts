// GET /api/ready — readiness for load balancers: database reachable, migrations applied, LGPD queue not stuck, not
// shutting down. 200 when ready, 503 otherwise; no authentication, no personal data (see lib/ops/server/readiness.ts).
// Migration names and queue ages only with `Authorization: Bearer <METRICS_TOKEN>`.
import { metricsAuthorized } from "@/lib/metrics/server/metrics.ts";
import { checkReadiness } from "@/lib/ops/server/readiness.ts";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const readiness = await checkReadiness({ detailed: metricsAuthorized(request.headers.get("authorization")) });
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
