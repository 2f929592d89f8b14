/**
 * The caller's address for sign-in throttling. `next start` fills X-Forwarded-For with the socket address when the
 * request has none; behind a proxy that appends to it (nginx `$proxy_add_x_forwarded_for`, most load balancers) the
 * last entry is the address the proxy saw, which the client cannot forge — so the last entry is used, not the first.
 */
export function clientAddress(
  headers: Headers | Record<string, string | string[] | undefined> | undefined,
): string | null {
  if (!headers) return null;
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value?.split(",").at(-1)?.trim();
  return last ? last.slice(0, 100) : null;
}
