import "server-only";
import { clientAddress } from "../../auth/server/client-address.ts";
import { lockedForSeconds, recordFailure } from "../../auth/server/sign-in-throttle.ts";
import { retryAfterSeconds, unavailability } from "../../db/unavailable.ts";
import { log } from "../../log.ts";
import { readTextWithLimit } from "../../http/body.ts";
import { findJsonProblem, textProblem } from "../../http/json-limits.ts";
import { decodeSegment, FixedAnswerError } from "../../http/path-params.ts";
import { LGPD_BODIES, type LgpdBody } from "../bodies.ts";
import { lgpdThrottleKeys } from "./key-throttle.ts";
import { instanceForLgpdKeyCached } from "./keys.ts";
import { describeFailure } from "../../jobs/job.ts";

// The LGPD API's admission and answers for apiRoute (`auth: "lgpdKey"` contracts): it keeps the original service's
// bodies byte for byte, so its errors do not take apiRoute's shape.
export { LGPD_BODIES };

/** A `{"cpf": …}` body is tiny; anything past this is not a deletion request (answered as Invalid CPF). */
const LGPD_BODY_LIMIT_BYTES = 16 * 1024;

/** An LGPD API refusal in its own body (a FixedAnswerError, as a contract's path parameter may declare one). */
export class LgpdHttpError extends FixedAnswerError {
  constructor(status: number, body: LgpdBody, headers: Record<string, string> = {}) {
    super(status, body, headers);
  }
}

export const invalidCpf = () => new LgpdHttpError(400, LGPD_BODIES.invalidCpf);

/** The route's name in the LGPD log lines: its last fixed path segment ("request", "status"), never the CPF. */
export const lgpdRouteName = (contractPath: string) =>
  contractPath
    .split("/")
    .filter((segment) => segment && !segment.startsWith("{"))
    .at(-1) ?? "lgpd";

/**
 * Admission of an LGPD-key route (apiRoute, `auth: "lgpdKey"` contracts): `x-api-key` against the instance's key (an
 * unknown instance is a 401 like a wrong key). The right key is admitted whatever the brakes say; a wrong one answers
 * 429 with Retry-After while its address or key prefix is braked (key-throttle.ts), else 401 and counts toward both.
 * Answers the instance.
 */
export async function admitLgpdCaller(request: Request, instanceParam: string): Promise<{ instanceId: number }> {
  const slug = safeDecode(instanceParam);
  const presentedKey = request.headers.get("x-api-key");
  // A slug PostgreSQL cannot even compare (NUL, lone surrogates, huge) names no instance: 401 like any unknown one.
  const instanceId = textProblem(slug) || slug.length > 100 ? null : await instanceForLgpdKeyCached(slug, presentedKey);
  if (instanceId !== null) return { instanceId };
  const throttleKeys = lgpdThrottleKeys(clientAddress(request.headers), slug, presentedKey);
  const lockedFor = await lockedForSeconds(throttleKeys);
  if (lockedFor > 0) {
    throw new LgpdHttpError(429, LGPD_BODIES.tooManyRequests, { "retry-after": String(lockedFor) });
  }
  await recordFailure(throttleKeys);
  throw new LgpdHttpError(401, LGPD_BODIES.unauthorized);
}

/**
 * An LGPD route's failure as the original service answered it, byte for byte: its own error, 503 with Retry-After
 * when the database is busy or down (nothing was recorded; the portal may retry), else a 500 without details.
 */
export function lgpdErrorResponse(error: unknown, requestId: string, route: string): Response {
  let status = 500;
  let body: FixedAnswerError["body"] = LGPD_BODIES.unexpected;
  let headers: Record<string, string> = {};
  const unavailable = unavailability(error);
  if (error instanceof FixedAnswerError) {
    ({ status, body, headers } = error);
  } else if (unavailable) {
    status = 503;
    body = LGPD_BODIES.unavailable;
    headers = { "retry-after": String(retryAfterSeconds(unavailable)) };
    log.warn("lgpd.unavailable", { request_id: requestId, route, reason: unavailable });
  } else {
    log.error("lgpd.unexpected_error", { request_id: requestId, route, error: describeFailure(error) });
  }
  return Response.json(body, { status, headers });
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

/** The LGPD routes' name for decodeSegment (the instance slug in admission and the log line). */
export const safeDecode = decodeSegment;
