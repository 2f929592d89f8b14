// GET /api/health — liveness: the process answers. No database call, no authentication, no personal data.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(
    { status: "ok", uptime_seconds: Math.round(process.uptime()) },
    { headers: { "cache-control": "no-store" } },
  );
}
