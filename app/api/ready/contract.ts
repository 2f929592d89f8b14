// Contract of GET /api/ready (see lib/http/contract.ts).
import { ZReadiness } from "@/lib/ops/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/ready",
  tag: "Operations",
  summary: "Readiness: database reachable, migrations applied, LGPD queue not stuck, not shutting down",
  auth: "none",
  response: ZReadiness,
  answer:
    "200 {status: 'ready', checks}; 503 {status: 'not_ready', checks} otherwise. No personal data. With " +
    "Authorization: Bearer <METRICS_TOKEN> also pending migration names and LGPD queue ages.",
  errors: [503],
});
