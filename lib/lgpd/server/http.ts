import "server-only";
import { clientAddress } from "../../auth/server/client-address.ts";
import { lockedForSeconds, recordFailure } from "../../auth/server/sign-in-throttle.ts";
import { retryAfterSeconds, unavailability } from "../../db/unavailable.ts";
import { log } from "../../log.ts";
import { readTextWithLimit } from "../../http/body.ts";
import { findJsonProblem, textProblem } from "../../http/json-limits.ts";
import { requestIdFrom } from "../../http/server/request-id.ts";
import { LGPD_BODIES, type LgpdBody } from "../bodies.ts";
import { lgpdThrottleKeys } from "./key-throttle.ts";
import { instanceForLgpdKeyCached } from "./keys.ts";
import { describeFailure } from "../../jobs/describe-failure.ts";

// The LGPD API keeps the original service's bodies byte for byte, so it does not use apiRoute's error shape.
export { LGPD_BODIES };

/** A `{"cpf": …}` body is tiny; anything past this is not a deletion request (answered as Invalid CPF). */
export const LGPD_BODY_LIMIT_BYTES = 16 * 1024;

export class LgpdHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: LgpdBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export const invalidCpf = () => new LgpdHttpError(400, LGPD_BODIES.invalidCpf);

export type LgpdContext = { request: Request; requestId: string; instanceId: number; slug: string };

/**
 * Wraps an LGPD route: request id, `x-api-key` check against the instance's key (unknown instance → 401 like a
 * wrong key), exact error bodies, 500 without details, and one JSON log line that never contains the CPF
 * (the status URL does, so the path is not logged).
 */
export function lgpdRoute(
  route: "request" | "status",
  handler: (context: LgpdContext, params: Record<string, string>) => Promise<{ status: number; body: unknown }>,
) {
  return async (
    request: Request,
    segmentData?: { params?: Promise<Record<string, string | string[]>> },
  ): Promise<Response> => {
    const requestId = requestIdFrom(request);
    const started = performance.now();
    const rawParams = (await segmentData?.params) ?? {};
    const params = Object.fromEntries(
      Object.entries(rawParams).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]),
    );
    const slug = safeDecode(params.instance ?? "");
    let status = 500;
    let body: unknown = LGPD_BODIES.unexpected;
    let headers: Record<string, string> = {};
    try {
      const throttleKeys = lgpdThrottleKeys(clientAddress(request.headers), slug);
      const lockedFor = await lockedForSeconds(throttleKeys);
      if (lockedFor > 0) {
        throw new LgpdHttpError(429, LGPD_BODIES.tooManyRequests, { "retry-after": String(lockedFor) });
      }
      // A slug PostgreSQL cannot even compare (NUL, lone surrogates, huge) names no instance: 401 like any unknown one.
      const instanceId =
        textProblem(slug) || slug.length > 100
          ? null
          : await instanceForLgpdKeyCached(slug, request.headers.get("x-api-key"));
      if (instanceId === null) {
        await recordFailure(throttleKeys);
        throw new LgpdHttpError(401, LGPD_BODIES.unauthorized);
      }
      ({ status, body } = await handler({ request, requestId, instanceId, slug }, params));
    } catch (error) {
      const unavailable = unavailability(error);
      if (error instanceof LgpdHttpError) {
        ({ status, body, headers } = error);
      } else if (unavailable) {
        // The database is busy or down: nothing was recorded, the portal may retry (same idea as the document API).
        status = 503;
        body = LGPD_BODIES.unavailable;
        headers = { "retry-after": String(retryAfterSeconds(unavailable)) };
        log.warn("lgpd.unavailable", { request_id: requestId, route, reason: unavailable });
      } else {
        log.error("lgpd.unexpected_error", { request_id: requestId, route, error: describeFailure(error) });
      }
    }
    log.info("lgpd.api", {
      request_id: requestId,
      route,
      method: request.method,
      instance: slug.slice(0, 100),
      status,
      ms: Math.round(performance.now() - started),
    });
    return Response.json(body, {
      status,
      headers: { ...headers, "x-request-id": requestId, "cache-control": "no-store" },
    });
  };
}

/** The JSON body, or an Invalid CPF error when it is missing, too large, not JSON or outside JSON_LIMITS. */
export async function readLgpdJson(request: Request): Promise<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(await readTextWithLimit(request, LGPD_BODY_LIMIT_BYTES));
  } catch {
    throw invalidCpf();
  }
  if (findJsonProblem(value)) throw invalidCpf();
  return value;
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
