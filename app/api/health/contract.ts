// Contract of GET /api/health (see lib/http/contract.ts).
import { ZHealth } from "@/lib/ops/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/health",
  tag: "Operations",
  summary: "Liveness: the process answers (no database call)",
  auth: "none",
  response: ZHealth,
  answer: "200 {status: 'ok', uptime_seconds}.",
});
