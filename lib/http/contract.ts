// The contract of one endpoint — method, path, who may call it, what it takes and what it answers — written once,
// in app/api/<path>/contract.ts beside the route. `apiRoute` enforces it (role, request schema, and in tests the
// response schema), the OpenAPI document and the API reference page are generated from all of them
// (lib/api-docs/contract-index.ts), and the browser fetchers take their types from it (lib/api-client).
// Shared code: no server imports here, so client files may import contract types.
import type { z } from "zod";
import type { ParsedPathParams, PathParams } from "./path-params.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** bearer = an API token or a staff session; lgpdKey = the instance's LGPD key in x-api-key; none = public. */
export type ContractAuth = "bearer" | "lgpdKey" | "none";
export type ContractRole = "viewer" | "staff" | "admin";
export type ContractTag =
  | "Documents"
  | "Catalog"
  | "Auth"
  | "LGPD"
  | "Staff"
  | "Admin"
  | "Reference"
  | "Operations"
  | "Customer"
  | "Compatibility";

export type ApiContract<
  TRequest extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType | undefined = z.ZodType | undefined,
  TAuth extends ContractAuth = ContractAuth,
  TParams extends PathParams | undefined = PathParams | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  /** OpenAPI path below /api, with {param} segments (the route folder's [param] segments). */
  path: string;
  tag: ContractTag;
  summary: string;
  description?: string;
  /** Kept literal by `defineContract`: apiRoute gives a "none" route's handler the caller's address, not an actor. */
  auth: TAuth;
  /**
   * The route's [segments], each parsed by apiRoute before the handler (lib/http/path-params.ts) and handed to it
   * typed; a segment its schema refuses answers the parameter's refusal (404 or 400). Undeclared segments stay text.
   */
  params?: TParams;
  /**
   * Honour an Idempotency-Key header: apiRoute hands the handler `idempotent` (lib/http/server/idempotent-route.ts),
   * whose keys are stored under `route` (per instance and credential). Document it with IDEMPOTENCY_KEY_HEADER.
   */
  idempotency?: { route: string };
  /** Least role for bearer/session callers: viewer (read), staff (change), admin (configure). */
  role?: ContractRole;
  /**
   * A session whose person must first enrol a second factor (required in their instance, not enrolled) reaches only
   * contracts that say so: the enrolment's own routes (lib/auth/server/totp/factor-policy.ts).
   */
  duringFactorEnrolment?: boolean;
  /**
   * The brake of a route without authentication that apiRoute serves: requests a minute per client address, counted
   * in `bucket` (routes naming the same bucket share one count). Bearer routes are braked per caller instead.
   * `caller` names the caller in the request's log line (default "customer": the tracking routes).
   */
  addressRateLimit?: { bucket: string; perMinute: number; caller?: string };
  /**
   * The query string's schema (an object of text values, each key once): apiRoute parses it before the handler and
   * hands it on typed as `query`; a query it refuses answers 400 with the field errors. Undeclared = not read.
   */
  query?: TQuery;
  /** The JSON body's schema; omitted for routes without a JSON body (GET, downloads, uploads). */
  request?: TRequest;
  /** An empty body reads as `{}` (the original's Go CLI posts nothing to product/loadAll). */
  emptyBodyIsObject?: boolean;
  /** The JSON body's size cap when it is not the default 1 MiB. */
  requestLimitBytes?: number;
  /** A non-JSON body (uploads). */
  requestContentType?: string;
  /** The success answer's schema (JSON); omitted only when `responseContentType` names a non-JSON answer. */
  response?: TResponse;
  /** The success status (200 unless a create answers 201). */
  responseStatus?: 200 | 201;
  /** A non-JSON success answer (CSV, a file, Prometheus text). */
  responseContentType?: string;
  /** The success answer in words, for the reference page. */
  answer: string;
  example?: unknown;
  /** The error statuses this endpoint answers besides success, in the spec's error shape. */
  errors?: number[];
  /** Optional request headers besides authentication (e.g. Idempotency-Key). */
  headers?: Array<{ name: string; description: string }>;
};

/** Identity, but keeps the literal schema types (and `auth`) so `ContractBody`/`ContractAnswer`/apiRoute can read them. */
export function defineContract<
  TRequest extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType | undefined = undefined,
  TAuth extends ContractAuth = ContractAuth,
  TParams extends PathParams | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
>(
  contract: ApiContract<TRequest, TResponse, TAuth, TParams, TQuery>,
): ApiContract<TRequest, TResponse, TAuth, TParams, TQuery> {
  return contract;
}

/** What a caller sends (before the schema's defaults and transforms). */
export type ContractBody<C> =
  C extends ApiContract<infer R, z.ZodType | undefined> ? (R extends z.ZodType ? z.input<R> : undefined) : never;
/** What a handler receives after validation. */
export type ContractParsedBody<C> =
  C extends ApiContract<infer R, z.ZodType | undefined> ? (R extends z.ZodType ? z.output<R> : undefined) : never;
/** The path parameters a handler receives (declared ones typed, others as text). */
export type ContractParams<C> =
  C extends ApiContract<z.ZodType | undefined, z.ZodType | undefined, ContractAuth, infer P>
    ? ParsedPathParams<P>
    : Record<string, string>;
/** The query a handler receives after validation (an empty object when the contract declares none). */
export type ContractQuery<C> =
  C extends ApiContract<z.ZodType | undefined, z.ZodType | undefined, ContractAuth, PathParams | undefined, infer Q>
    ? Q extends z.ZodType
      ? z.output<Q>
      : Record<string, never>
    : never;
/** The JSON a caller receives on success. */
export type ContractAnswer<C> =
  C extends ApiContract<z.ZodType | undefined, infer A> ? (A extends z.ZodType ? z.output<A> : unknown) : never;

/** `/documents/{id}/history` + {id: 7} → `documents/7/history` (relative to /api, each value URL-encoded). */
export function contractUrl(contract: Pick<ApiContract, "path">, params: Record<string, string | number> = {}): string {
  return contract.path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The Idempotency-Key header of document/create and the LGPD request (lib/idempotency). */
export const IDEMPOTENCY_KEY_HEADER = {
  name: "Idempotency-Key",
  description:
    "Optional, 1–255 printable ASCII characters (e.g. a UUID), unique per request you mean to make once. A retry with " +
    "the same key and the same body within 24 hours replays the first successful answer (header Idempotent-Replayed: " +
    "true on document/create) instead of doing it again; concurrent duplicates wait for the first and get its answer. " +
    "The same key with another body answers 409. Keys are per credential (token, user or LGPD key).",
};
