import "server-only";
import { randomUUID } from "node:crypto";

/** Reuses a sane incoming x-request-id (from a proxy) or makes one; it appears in every log line and 500 body. */
export function requestIdFrom(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}
