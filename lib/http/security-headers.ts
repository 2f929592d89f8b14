// The per-answer security headers proxy.ts sets (the static ones live in next.config.js `headers()`).

/** A fresh nonce per page view: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The pages' policy. Scripts run only with this answer's nonce (Next puts it on its own scripts when it finds the
 * policy on the request) and what they load ('strict-dynamic'); styles allow inline `style` attributes, which React
 * and the charts write. Over https, stray http:// URLs are upgraded.
 */
export function pageContentSecurityPolicy(nonce: string, https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API answers are data, never documents to render. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sent only on answers the client received over https (HSTS over http is ignored by browsers and wrong to send). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
