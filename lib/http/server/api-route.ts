import "server-only";
import { actorFromBearerCached } from "../../auth/server/api-tokens.ts";
import { hasRole, type Actor } from "../../auth/actor.ts";
import { brakeAddress, clientAddress, clientHost } from "../../auth/server/client-address.ts";
import { actorFromSession } from "../../auth/server/session-actor.ts";
import type { Role } from "../../auth/roles.ts";
import { retryAfterSeconds, unavailability } from "../../db/unavailable.ts";
import { log } from "../../log.ts";
import { recordApiRequest } from "../../metrics/server/metrics.ts";
import { addProxyHeaders } from "./api-answer-headers.ts";
import { answerChecksEnabled, checkAnswer } from "../answer-check.ts";
import { readJsonBody } from "../body.ts";
import type { ApiContract, ContractParams, ContractParsedBody, ContractQuery } from "../contract.ts";
import { parsePathParams } from "../path-params.ts";
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
import { API_IDEMPOTENCY, idempotentRun, type IdempotentRun } from "./idempotent-route.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { requestIdFrom } from "./request-id.ts";
import { registeredDialect, type Caller, type Dialect } from "./auth-dialects.ts";

type BaseContext<TBody, TParams, TQuery = Record<string, never>> = {
  body: TBody;
  /** The query string as the contract's `query` schema reads it (empty when the contract declares none). */
  query: TQuery;
  request: Request;
  requestId: string;
  /** The route's segments: those the contract declares parsed and typed (lib/http/path-params.ts), others as text. */
  params: TParams;
  /** Only for contracts with `idempotency`: runs the route's work under the request's Idempotency-Key. */
  idempotent: IdempotentRun;
};
/** A bearer/session route's handler: the authenticated staff user or API token. */
export type RouteContext<TBody, TParams = Record<string, string>, TQuery = Record<string, never>> = BaseContext<
  TBody,
  TParams,
  TQuery
> & { actor: Actor };
/** An auth "none" route's handler (the customer's tracking routes): no actor, the client's address (or null). */
export type PublicRouteContext<TBody, TParams = Record<string, string>, TQuery = Record<string, never>> = BaseContext<
  TBody,
  TParams,
  TQuery
> & {
  address: string | null;
};
/** An LGPD-key route's handler: the instance whose key was presented, and its LGPD API system actor (so the context
 * is a use-case's `ctx` as it is). */
export type LgpdKeyRouteContext<TBody, TParams = Record<string, string>, TQuery = Record<string, never>> = BaseContext<
  TBody,
  TParams,
  TQuery
> & {
  instanceId: number;
  actor: Actor;
};

type ContextOf<C extends ApiContract> = [C["auth"]] extends ["none"]
  ? PublicRouteContext<ContractParsedBody<C>, ContractParams<C>, ContractQuery<C>>
  : [C["auth"]] extends ["lgpdKey"]
    ? LgpdKeyRouteContext<ContractParsedBody<C>, ContractParams<C>, ContractQuery<C>>
    : RouteContext<ContractParsedBody<C>, ContractParams<C>, ContractQuery<C>>;

/** Returns the JSON answer (status 200) or a ready Response (another status, headers, a download). */
export type RouteHandler<C extends ApiContract> = (context: ContextOf<C>) => Promise<unknown>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const notIdempotent = (): never => {
  throw new Error("This route's contract declares no `idempotency`");
};
const NOT_IDEMPOTENT: IdempotentRun = { sql: notIdempotent, tx: notIdempotent };

/**
 * The one wrapper every API route goes through (all but health/ready/metrics, openapi.json and the sign-in exchange:
 * docs/architecture.md): request id, admission (below), size-capped JSON parsing, validation with the contract's
 * request schema, error mapping, one log line and the request metrics — and, when DOCFLOW_CHECK_ANSWERS=1 (the test
 * suites), the answer checked against the contract's response schema (lib/http/answer-check.ts). Admission is
 * authentication (bearer token or staff session + Origin check), the per-caller rate limit and the contract's role;
 * for an auth "none" contract (the customer's tracking routes) only the contract's brake per client address; for an
 * "lgpdKey" contract (the LGPD API) the instance's key in x-api-key with its brake, and that API's own bodies
 * (lib/lgpd/server/http.ts): its errors, its log line (the route's name, never the path: it may hold a CPF).
 */
export function apiRoute<C extends ApiContract>(contract: C, handler: RouteHandler<C>) {
  const dialect = dialectOf(contract);
  return async (request: Request, segmentData?: { params?: Promise<Record<string, string | string[]>> }) => {
    const requestId = requestIdFrom(request);
    const started = performance.now();
    const path = new URL(request.url).pathname;
    let caller: Caller | null = null;
    let status = 200;
    try {
      const rawParams = (await segmentData?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]),
      );
      caller = await dialect.identify(request, params);
      await caller.admit();
      const body = contract.request ? await dialect.readBody(request) : undefined;
      // After the body, as the routes did by hand: a request with a bad body and a bad id still answers the body's 400.
      const typedParams = contract.params ? parsePathParams(contract.params, params) : params;
      const query = contract.query ? parseQuery(contract.query, request) : {};
      const idempotent = contract.idempotency
        ? idempotentRun(
            { request, route: contract.idempotency.route, body, ...caller.idempotencyOwner! },
            dialect.idempotency,
          )
        : NOT_IDEMPOTENT;
      const result = await handler({
        ...caller.context,
        body,
        request,
        requestId,
        params: typedParams,
        query,
        idempotent,
      } as ContextOf<C>);
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
      const response = dialect.errorResponse(error, requestId, path);
      response.headers.set("x-request-id", requestId);
      status = response.status;
      return addProxyHeaders(response, request);
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // Labelled with the route's template, never the request's path (bounded series; a path may hold a CPF).
      recordApiRequest(request.method, `/api${contract.path}`, status, seconds);
      dialect.logRequest({ requestId, method: request.method, path, status, caller, ms: Math.round(seconds * 1000) });
    }
  };
}

function dialectOf(contract: ApiContract): Dialect {
  // An API of its own (the LGPD API's "lgpdKey") registers its dialect from its domain (auth-dialects.ts).
  const registered = registeredDialect(contract);
  if (registered) return registered;
  if (contract.auth === "lgpdKey") {
    throw new Error(
      `No dialect registered for auth "${contract.auth}": the route must import the module that registers it`,
    );
  }
  return {
    identify: callerIdentification(contract),
    idempotency: API_IDEMPOTENCY,
    readBody: (request) => parseRequestBody(contract, request),
    errorResponse: (error, requestId, path) => errorResponse(toApiError(error, requestId, path), requestId),
    logRequest: ({ requestId, method, path, status, caller, ms }) =>
      log.info("api.request", { request_id: requestId, method, path, status, actor: caller?.label ?? null, ms }),
  };
}

/**
 * The request body as the contract's request schema parses it (undefined when the contract takes none). Throws the
 * ApiError the client gets: 415, 413, 400 for malformed JSON, 400 with field errors for a body the schema refuses.
 * Exported for tests/property-contracts.test.ts, which drives it in-process with generated bodies.
 */
export async function parseRequestBody<C extends ApiContract>(
  contract: C,
  request: Request,
): Promise<ContractParsedBody<C>> {
  if (!contract.request) return undefined as ContractParsedBody<C>;
  const raw = await readJsonBody(request, contract.requestLimitBytes, { emptyIsObject: contract.emptyBodyIsObject });
  const parsed = contract.request.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(parsed.error.issues) });
  }
  return parsed.data as ContractParsedBody<C>;
}

function callerIdentification(contract: ApiContract): (request: Request) => Promise<Caller> {
  if (contract.auth === "none" && contract.addressRateLimit) {
    const { bucket, perMinute, caller = "customer" } = contract.addressRateLimit;
    // Auth-less contracts are the customer's (tracking): no credentials, a brake per address (client-address.ts
    // decides how far X-Forwarded-For is believed).
    return async (request) => {
      const address = clientAddress(request.headers);
      return {
        label: caller,
        context: { address },
        admit: () => enforceRateLimit(`${bucket}:${brakeAddress(address) ?? "unknown"}`, perMinute),
      };
    };
  }
  if (contract.auth === "bearer" && contract.role) {
    const role: Role = contract.role;
    return async (request) => {
      const actor = await authenticate(request, { duringFactorEnrolment: contract.duringFactorEnrolment });
      return {
        label: `${actor.type}:${actor.id}`,
        context: { actor },
        idempotencyOwner: { instanceId: actor.instanceId, credential: `${actor.type}:${actor.id}` },
        admit: async () => {
          await enforceRateLimit(`${actor.type}:${actor.id}`);
          if (!hasRole(actor, role)) throw forbidden();
        },
      };
    };
  }
  throw new Error(
    `${contract.method} ${contract.path}: apiRoute serves bearer/session contracts with a role, ` +
      `and auth "none" contracts with an addressRateLimit`,
  );
}

async function authenticate(request: Request, options: { duringFactorEnrolment?: boolean }): Promise<Actor> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const actor = match ? await actorFromBearerCached(match[1]!) : null;
    if (!actor) throw unauthorized("Invalid or expired token");
    return actor;
  }
  const actor = await actorFromSession(request, options);
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
  const host = clientHost(request.headers);
  try {
    return new URL(origin).host.toLowerCase() === host;
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

/** The query string read by the contract's schema (each key's first value); a refusal answers 400 with its fields. */
function parseQuery(schema: NonNullable<ApiContract["query"]>, request: Request): unknown {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(parsed.error.issues) });
  }
  return parsed.data;
}
