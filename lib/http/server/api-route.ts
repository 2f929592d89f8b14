import "server-only";
import { actorFromBearerCached } from "../../auth/server/api-tokens.ts";
import { hasRole, type Actor } from "../../auth/actor.ts";
import { actorFromSession } from "../../auth/server/session-actor.ts";
import type { Role } from "../../auth/roles.ts";
import { retryAfterSeconds, unavailability } from "../../db/unavailable.ts";
import { log } from "../../log.ts";
import { recordApiRequest } from "../../metrics/server/metrics.ts";
import { addProxyHeaders } from "./api-answer-headers.ts";
import { answerChecksEnabled, checkAnswer } from "../answer-check.ts";
import { readJsonBody } from "../body.ts";
import type { ApiContract, ContractParsedBody } from "../contract.ts";
import {
  ApiError,
  AppError,
  errorResponse,
  fieldErrors,
  forbidden,
  httpErrorFromAppError,
  serviceUnavailable,
  unauthorized,
} from "../errors.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { requestIdFrom } from "./request-id.ts";

export type RouteContext<TBody> = {
  body: TBody;
  actor: Actor;
  request: Request;
  requestId: string;
  params: Record<string, string>;
};

/** Returns the JSON answer (status 200) or a ready Response (another status, headers, a download). */
export type RouteHandler<C extends ApiContract> = (context: RouteContext<ContractParsedBody<C>>) => Promise<unknown>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one wrapper every document-API and staff route goes through: request id, authentication (bearer token
 * or staff session + Origin check), the contract's role, rate limit, size-capped JSON parsing, validation with the
 * contract's request schema, error mapping — and, when DOCFLOW_CHECK_ANSWERS=1 (the test suites), the answer
 * checked against the contract's response schema (lib/http/answer-check.ts).
 */
export function apiRoute<C extends ApiContract>(contract: C, handler: RouteHandler<C>) {
  if (contract.auth !== "bearer" || !contract.role) {
    throw new Error(`${contract.method} ${contract.path}: apiRoute serves bearer/session contracts with a role`);
  }
  const role: Role = contract.role;
  return async (request: Request, segmentData?: { params?: Promise<Record<string, string | string[]>> }) => {
    const requestId = requestIdFrom(request);
    const started = performance.now();
    const path = new URL(request.url).pathname;
    let actor: Actor | null = null;
    let status = 200;
    try {
      actor = await authenticate(request);
      enforceRateLimit(`${actor.type}:${actor.id}`);
      if (!hasRole(actor, role)) throw forbidden();
      let body: unknown = undefined;
      if (contract.request) {
        const raw = await readJsonBody(request, contract.requestLimitBytes);
        const parsed = contract.request.safeParse(raw);
        if (!parsed.success) {
          throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(parsed.error.issues) });
        }
        body = parsed.data;
      }
      const rawParams = (await segmentData?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]),
      );
      const result = await handler({ body: body as never, actor, request, requestId, params });
      const response = result instanceof Response ? result : Response.json(result);
      if (answerChecksEnabled()) await checkAnswer(contract, response);
      response.headers.set("x-request-id", requestId);
      status = response.status;
      return addProxyHeaders(response, request);
    } catch (error) {
      // A client that went away (a cancelled fetch) is not a server error worth an alarm in the log.
      if (request.signal.aborted) {
        status = 499;
        return addProxyHeaders(new Response(null, { status: 499 }), request);
      }
      const apiError = toApiError(error, requestId, path);
      status = apiError.status;
      return addProxyHeaders(errorResponse(apiError, requestId), request);
    } finally {
      recordApiRequest(request.method, path, status, (performance.now() - started) / 1000);
      log.info("api.request", {
        request_id: requestId,
        method: request.method,
        path,
        status,
        actor: actor ? `${actor.type}:${actor.id}` : null,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}

async function authenticate(request: Request): Promise<Actor> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const actor = match ? await actorFromBearerCached(match[1]!) : null;
    if (!actor) throw unauthorized("Invalid or expired token");
    return actor;
  }
  const actor = await actorFromSession(request);
  if (!actor) throw unauthorized("Missing Authorization: Bearer <token>");
  if (!SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
    throw forbidden("Cross-origin request refused");
  }
  return actor;
}

/** Cookie-authenticated changes must come from our own pages (route handlers do not check Origin themselves). */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") === "same-origin";
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Known errors keep their message (a domain AppError gets its kind's status); a busy or unreachable database is a 503;
 * anything else a 500 naming the request id.
 */
export function toApiError(error: unknown, requestId: string, path: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AppError) return httpErrorFromAppError(error);
  const unavailable = unavailability(error);
  if (unavailable) {
    log.warn("api.unavailable", { request_id: requestId, path, reason: unavailable, error: describeError(error) });
    return serviceUnavailable(retryAfterSeconds(unavailable));
  }
  log.error("api.unexpected_error", {
    request_id: requestId,
    path,
    error: describeError(error),
  });
  return new ApiError("Internal", `Unexpected error (request id ${requestId})`);
}

/** Name, code and the last line of the message: Prisma's messages quote bundled source code in earlier lines. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = (error as { code?: unknown }).code;
  const lines = error.message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return `${error.name}${typeof code === "string" ? ` ${code}` : ""}: ${lines.at(-1) ?? ""}`.slice(0, 300);
}
