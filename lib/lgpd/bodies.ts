// The LGPD API's bodies, byte for byte as the original service sent them (and the few it never needed: 405, 404
// for unknown paths, 408, 429, 503) and Idempotency-Key's. Kept apart from http.ts so proxy.ts can answer without loading database code.
export const LGPD_BODIES = {
  received: { status: "pending", message: "Request received. Please use the status method to check progress" },
  invalidCpf: { status: "error", message: "Invalid CPF" },
  unauthorized: { status: "error", message: "Unauthorized" },
  notFound: { status: "error", message: "Request not found" },
  unexpected: { status: "error", message: "Unexpected error" },
  tooManyRequests: { status: "error", message: "Too many requests" },
  requestTimeout: { status: "error", message: "Request timeout" },
  methodNotAllowed: { status: "error", message: "Method not allowed" },
  unknownPath: { status: "error", message: "Not found" },
  unavailable: { status: "error", message: "Service unavailable" },
  invalidIdempotencyKey: { status: "error", message: "Invalid Idempotency-Key" },
  reusedIdempotencyKey: { status: "error", message: "Idempotency-Key already used with a different body" },
} as const;

export type LgpdBody = (typeof LGPD_BODIES)[keyof typeof LGPD_BODIES];
