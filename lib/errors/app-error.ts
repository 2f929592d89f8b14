// The one error domain code (lib/<area>) throws for an expected failure: a kind (what went wrong, in domain terms),
// a stable snake_case `code` with `params` that the UI translates (messages/*/errors.json), the English message for
// API clients and logs, and field errors when input was invalid. It knows nothing of HTTP: the route layer maps the
// kind to a status (lib/http/errors.ts httpErrorFromAppError). Shared code: no server imports.

/** Values a translated message needs ("Unknown status {value}"); never personal data. */
export type ErrorParams = Record<string, string | number>;
/** `code` (stable, snake_case) lets the UI translate; the English `message` stays for API clients. */
export type FieldError = { path: string; message: string; code?: string; params?: ErrorParams };

/** invalid: the input breaks a rule; forbidden: the actor may not; not_found: nothing of that id in the instance;
 * conflict: the current state refuses the change (a duplicate, a refused transition, a row in use);
 * unsupported_type: a file whose type (declared or found in its bytes) is not accepted; throttled: too many failed
 * attempts (a lookup braked by its counters), to be tried again after `retryAfterSeconds`; unauthenticated: the
 * credentials presented prove no one (a wrong e-mail or password). */
export type AppErrorKind =
  "invalid" | "forbidden" | "not_found" | "conflict" | "unsupported_type" | "throttled" | "unauthenticated";

/** The code an error carries when its thrower named none (the UI's fallback message per kind). */
const DEFAULT_CODE: Record<AppErrorKind, string> = {
  invalid: "bad_request",
  forbidden: "forbidden",
  not_found: "not_found",
  conflict: "conflict",
  unsupported_type: "unsupported_media_type",
  throttled: "too_many_requests",
  unauthenticated: "unauthorized",
};

type CodeOptions = { code?: string; params?: ErrorParams };

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly code: string;
  readonly params?: ErrorParams;
  readonly errors?: FieldError[];
  /** Only for `throttled`: when the caller may try again. */
  readonly retryAfterSeconds?: number;

  constructor(
    kind: AppErrorKind,
    message: string,
    options: CodeOptions & { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.errors = options.errors;
    this.code =
      options.code ?? (kind === "invalid" && options.errors?.length ? "invalid_parameters" : DEFAULT_CODE[kind]);
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalid = (message: string, errors?: FieldError[], coded: CodeOptions = {}) =>
  new AppError("invalid", message, { errors, ...coded });
export const forbidden = (message = "Your role does not allow this action", coded: CodeOptions = {}) =>
  new AppError("forbidden", message, coded);
export const notFound = (message: string, coded: CodeOptions = {}) => new AppError("not_found", message, coded);
export const conflict = (message: string, coded: CodeOptions = {}) => new AppError("conflict", message, coded);
export const unsupportedType = (message: string, coded: CodeOptions = {}) =>
  new AppError("unsupported_type", message, coded);
export const throttled = (message: string, retryAfterSeconds: number, coded: CodeOptions = {}) =>
  new AppError("throttled", message, { ...coded, retryAfterSeconds });
