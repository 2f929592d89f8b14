// POST /api/auth/token — exchanges a staff user's {email, password} for a short-lived bearer token
// ({token, expiration}). No auth: this is the sign-in; throttled like the web sign-in.
import { clientAddress } from "@/lib/auth/server/client-address.ts";
import { authTokenSchema } from "@/lib/auth/schemas.ts";
import { issueSessionToken } from "@/lib/auth/server/session-token.ts";
import { SIGN_IN_CHECKS_PER_MINUTE } from "@/lib/auth/server/sign-in-throttle.ts";
import { verifyCredentials } from "@/lib/auth/server/verify-credentials.ts";
import { toApiError } from "@/lib/http/server/api-route.ts";
import { readJsonBody } from "@/lib/http/body.ts";
import { ApiError, errorResponse, fieldErrors, unauthorized } from "@/lib/http/errors.ts";
import { enforceRateLimit } from "@/lib/http/server/rate-limit.ts";
import { requestIdFrom } from "@/lib/http/server/request-id.ts";
import { log } from "@/lib/log.ts";

export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request);
  const started = performance.now();
  const address = clientAddress(request.headers);
  let status = 200;
  let userId: number | null = null;
  try {
    await enforceRateLimit(`auth-token:${address ?? "unknown"}`, SIGN_IN_CHECKS_PER_MINUTE);
    const parsed = authTokenSchema.safeParse(await readJsonBody(request, 16_384));
    if (!parsed.success) {
      throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(parsed.error.issues) });
    }
    const result = await verifyCredentials({ ...parsed.data, clientIp: address });
    if (!result.ok) {
      if (result.reason === "throttled") {
        throw new ApiError("TooManyRequests", "Too many failed sign-ins, try again later", {
          headers: { "retry-after": String(result.retryAfterSeconds ?? 60) },
        });
      }
      throw unauthorized("Invalid e-mail or password");
    }
    userId = result.user.id;
    const issued = await issueSessionToken(result.user);
    return Response.json(
      { token: issued.token, expiration: issued.expiration.toISOString() },
      { headers: { "x-request-id": requestId, "cache-control": "no-store" } },
    );
  } catch (error) {
    const apiError = toApiError(error, requestId, "/api/auth/token");
    status = apiError.status;
    return errorResponse(apiError, requestId);
  } finally {
    log.info("api.request", {
      request_id: requestId,
      method: "POST",
      path: "/api/auth/token",
      status,
      actor: userId ? `user:${userId}` : null,
      ms: Math.round(performance.now() - started),
    });
  }
}
