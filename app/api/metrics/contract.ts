// Contract of GET /api/metrics (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/metrics",
  tag: "Operations",
  summary: "Prometheus metrics; off (404) unless METRICS_TOKEN is set, then Authorization: Bearer <METRICS_TOKEN>",
  auth: "none",
  responseContentType: "text/plain; version=0.0.4",
  answer: "Prometheus text format (text/plain; version=0.0.4).",
  errors: [401, 404],
});
