// Browser-side calls to our own API (same routes as external systems, authenticated by the session cookie).
// `callApi` takes an endpoint's contract (app/api/<path>/contract.ts): method, URL, body and answer types come
// from it, so a fetcher cannot call a route the wrong way or expect an answer the route does not give.
import { leaveExpiredSession } from "./session-end.ts";
import { contractUrl, type ApiContract, type ContractAnswer, type ContractBody } from "../http/contract.ts";

export type ApiErrorParams = Record<string, string | number>;
export type ApiFieldError = { path: string; message: string; code?: string; params?: ApiErrorParams };

/** The API's error shape; `code`/`params` are what the UI translates (lib/api-client/error-text.ts). */
export type ApiErrorBody = {
  status: "error";
  message: string;
  error?: string;
  code?: string;
  params?: ApiErrorParams;
  errors?: ApiFieldError[];
};

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** The answer's Retry-After, in seconds (a busy server's 503, a brake's 429), when it sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body.message);
    this.name = "ApiClientError";
  }
}

/** Retry-After as seconds: the API sends a number of seconds; an HTTP date (proxies may) is turned into one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds) : null;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** POST/GET JSON to `/api/<path>`; throws ApiClientError with the API's error body. */
export async function fetchJson<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    credentials: "same-origin",
  });
  const text = await response.text();
  const data = text ? safeParse(text) : null;
  if (!response.ok) {
    const body = (data as ApiErrorBody | null) ?? {
      status: "error",
      message: response.statusText || `HTTP ${response.status}`,
    };
    if (response.status === 401) leaveExpiredSession();
    throw new ApiClientError(response.status, body, retryAfterSeconds(response.headers.get("retry-after")));
  }
  return data as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { status: "error", message: text.slice(0, 200) };
  }
}

type CallInput<C extends ApiContract> = {
  /** Values of the contract path's {param} segments. */
  params?: Record<string, string | number>;
  /** A query string to append (`?personal=1`). */
  query?: string;
  signal?: AbortSignal;
} & (ContractBody<C> extends undefined ? { body?: undefined } : { body: ContractBody<C> });

/** Calls the endpoint `contract` describes and answers its typed success body; throws ApiClientError otherwise. */
export function callApi<C extends ApiContract>(contract: C, input: CallInput<C>): Promise<ContractAnswer<C>> {
  return fetchJson<ContractAnswer<C>>(`${contractUrl(contract, input.params)}${input.query ?? ""}`, {
    method: contract.method,
    body: input.body,
    signal: input.signal,
  });
}
