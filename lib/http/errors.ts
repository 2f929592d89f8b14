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
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;
export type FieldError = { path: string; message: string };

/** The one error the domain throws; the API wrapper turns it into the spec's JSON shape. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError("BadRequest", message, { errors });
export const notFound = (message: string) => new ApiError("NotFound", message);
export const unauthorized = (message = "Invalid or missing credentials") => new ApiError("Unauthorized", message);
export const forbidden = (message = "Your role does not allow this action") => new ApiError("Forbidden", message);
export const conflict = (message: string) => new ApiError("Conflict", message);

/** `{"status":"error","message":…,"error":"<Kind>: …"}` — `error` keeps the original service's clients working. */
export function errorBody(error: ApiError, requestId?: string) {
  return {
    status: "error" as const,
    message: error.message,
    error: `${error.kind}: ${error.message}`,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(requestId && error.kind === "Internal" ? { request_id: requestId } : {}),
  };
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return Response.json(errorBody(error, requestId), {
    status: error.status,
    headers: { "x-request-id": requestId, ...error.headers },
  });
}

/** zod issues → the `errors: [{path, message}]` list. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join(".") || "(body)", message: issue.message }));
}
