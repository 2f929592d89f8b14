// GET /api/metrics — Prometheus text format. Off (404) unless METRICS_TOKEN is set; then only with
// `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
import { errorResponse, ApiError } from "@/lib/http/errors.ts";
import { requestIdFrom } from "@/lib/http/server/request-id.ts";
import { metricsAuthorized, metricsEnabled, metricsText } from "@/lib/metrics/server/metrics.ts";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const requestId = requestIdFrom(request);
  if (!metricsEnabled()) return errorResponse(new ApiError("NotFound", "Not found"), requestId);
  if (!metricsAuthorized(request.headers.get("authorization"))) {
    return errorResponse(new ApiError("Unauthorized", "Invalid or missing metrics token"), requestId);
  }
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
