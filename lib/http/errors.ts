import { AppError, type AppErrorKind, type ErrorParams, type FieldError } from "../errors/app-error.ts";
import { fieldErrors } from "../errors/field-errors.ts";

/** The error kinds of the spec, with their HTTP statuses. */
export const ERROR_STATUS = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  RequestTimeout: 408,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  Internal: 500,
  ServiceUnavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;
export type { ErrorParams, FieldError };

/** The code an error carries when its thrower named none: one per kind (the UI's fallback message). */
const DEFAULT_CODE: Record<ErrorKind, string> = {
  BadRequest: "bad_request",
  Unauthorized: "unauthorized",
  Forbidden: "forbidden",
  NotFound: "not_found",
  Conflict: "conflict",
  PayloadTooLarge: "payload_too_large",
  UnsupportedMediaType: "unsupported_media_type",
  TooManyRequests: "too_many_requests",
  Internal: "internal",
  ServiceUnavailable: "service_unavailable",
  MethodNotAllowed: "method_not_allowed",
  RequestTimeout: "request_timeout",
};

/** An error of the HTTP layer (authentication, body parsing, limits) and the form every error takes in an answer. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly code: string;
  readonly params?: ErrorParams;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; code?: string; params?: ErrorParams } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.errors = options.errors;
    this.headers = options.headers;
    this.code =
      options.code ?? (kind === "BadRequest" && options.errors?.length ? "invalid_parameters" : DEFAULT_CODE[kind]);
    this.params = options.params;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

const HTTP_KIND: Record<AppErrorKind, ErrorKind> = {
  invalid: "BadRequest",
  forbidden: "Forbidden",
  not_found: "NotFound",
  conflict: "Conflict",
  unsupported_type: "UnsupportedMediaType",
  throttled: "TooManyRequests",
  unauthenticated: "Unauthorized",
};

/** The route layer's reading of a domain error: its message, code, params and field errors, with the kind's status. */
export function httpErrorFromAppError(error: AppError): ApiError {
  return new ApiError(HTTP_KIND[error.kind], error.message, {
    errors: error.errors,
    code: error.code,
    params: error.params,
    ...(error.retryAfterSeconds !== undefined ? { headers: { "retry-after": String(error.retryAfterSeconds) } } : {}),
  });
}

export { AppError };

type CodeOptions = { code?: string; params?: ErrorParams };
export const badRequest = (message: string, errors?: FieldError[], coded: CodeOptions = {}) =>
  new ApiError("BadRequest", message, { errors, ...coded });
export const notFound = (message: string, coded: CodeOptions = {}) => new ApiError("NotFound", message, coded);
export const unauthorized = (message = "Invalid or missing credentials") => new ApiError("Unauthorized", message);
export const forbidden = (message = "Your role does not allow this action") => new ApiError("Forbidden", message);
export const conflict = (message: string, coded: CodeOptions = {}) => new ApiError("Conflict", message, coded);
/** The database is busy or unreachable: the request did nothing and may be retried after `retryAfterSeconds`. */
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new ApiError("ServiceUnavailable", "Service temporarily unavailable, try again later", {
    headers: { "retry-after": String(retryAfterSeconds) },
  });

/**
 * `{"status":"error","message":…,"error":"<Kind>: …"}` — `error` keeps the original service's clients working.
 * `code`/`params` (and a `code` on every field error) are extra fields for translated UIs
 * (docs/decisions/0005-error-bodies-and-codes.md).
 */
export function errorBody(error: ApiError, requestId?: string) {
  return {
    status: "error" as const,
    message: error.message,
    error: `${error.kind}: ${error.message}`,
    code: error.code,
    ...(error.params ? { params: error.params } : {}),
    ...(error.errors ? { errors: error.errors.map((field) => ({ ...field, code: field.code ?? "invalid" })) } : {}),
    ...(requestId && error.kind === "Internal" ? { request_id: requestId } : {}),
  };
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return Response.json(errorBody(error, requestId), {
    status: error.status,
    headers: { "x-request-id": requestId, ...error.headers },
  });
}

export { fieldErrors };
