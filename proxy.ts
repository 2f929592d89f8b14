// Next.js proxy (formerly middleware): runs before every page and /api route. For /api it answers what no route
// handler would answer in the API's JSON shape — unknown paths (404), methods a route does not export (405 +
// Allow, TRACE included), undecodable percent-encoding (400; LGPD routes in their own shape) — and marks every API
// answer `Cache-Control: no-store`. Pages get a nonce-based Content-Security-Policy. HSTS is added when the client
// came over https (the socket's TLS, or X-Forwarded-Proto from a trusted proxy: lib/auth/server/client-address.ts).
import { NextResponse, type NextRequest } from "next/server";
import { clientProtocol } from "@/lib/auth/server/client-address.ts";
import { UNREPRESENTABLE_METHOD_HEADER } from "@/lib/http/server/peer-stamp.ts";
import { allowedMethods, matchApiRoute, type ApiRoute } from "@/lib/http/api-route-table.ts";
import { ApiError, errorBody, type ErrorKind } from "@/lib/http/errors.ts";
import { requestIdFrom } from "@/lib/http/server/request-id.ts";
import {
  API_CONTENT_SECURITY_POLICY,
  newNonce,
  pageContentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
} from "@/lib/http/security-headers.ts";
import { LGPD_BODIES, type LgpdBody } from "@/lib/lgpd/bodies.ts";

const LGPD_PATH = /^\/api\/lgpd(\/|$)/;

export function proxy(request: NextRequest): NextResponse {
  const https = clientProtocol(request.headers) === "https";
  const { pathname } = request.nextUrl;
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const unrepresentable = request.headers.get(UNREPRESENTABLE_METHOD_HEADER);
  const response = unrepresentable
    ? methodNotAllowed(request, unrepresentable, isApi ? matchApiRoute(pathname) : null)
    : isApi
      ? apiGate(request)
      : pageWithNonce(request, https);
  if (https) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    "/api",
    // Well-formed document-API calls skip the proxy (lib/http/proxy-bypass.ts: the server marks them).
    { source: "/api/:path*", missing: [{ type: "header", key: "x-docflow-proxy-bypass" }] },
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

function apiGate(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const lgpd = LGPD_PATH.test(pathname);
  const segments = pathname.split("/");
  const broken = segments.findIndex((segment) => !decodes(segment));
  if (broken >= 0) {
    // /api/lgpd/<instance>/status/<cpf>: an undecodable instance names no instance (401), an undecodable CPF is
    // not a CPF (400). Elsewhere the path is simply a bad request.
    if (lgpd)
      return lgpdAnswer(
        request,
        broken === 3 ? 401 : 400,
        broken === 3 ? LGPD_BODIES.unauthorized : LGPD_BODIES.invalidCpf,
      );
    return apiError(request, "BadRequest", "Invalid parameters: the path has malformed percent-encoding");
  }
  const route = matchApiRoute(pathname);
  if (!route) {
    return lgpd
      ? lgpdAnswer(request, 404, LGPD_BODIES.unknownPath)
      : apiError(request, "NotFound", `No API route at ${pathname.slice(0, 200)}`);
  }
  if (!allowedMethods(route).includes(request.method)) return methodNotAllowed(request, request.method, route);
  const response = NextResponse.next();
  // Every API answer is per caller (and most carry personal data or secrets): never stored by a browser or proxy.
  // (No Content-Security-Policy here: this header would replace a route's own, like the downloads' sandbox.)
  response.headers.set("cache-control", "no-store");
  return response;
}

/** 405 with the route's Allow list (pages and unknown paths: GET, HEAD, OPTIONS). */
function methodNotAllowed(request: NextRequest, method: string, route: ApiRoute | null): NextResponse {
  const headers = { allow: (route ? allowedMethods(route) : ["GET", "HEAD", "OPTIONS"]).join(", ") };
  if (LGPD_PATH.test(request.nextUrl.pathname)) {
    return lgpdAnswer(request, 405, LGPD_BODIES.methodNotAllowed, headers);
  }
  return apiError(request, "MethodNotAllowed", `${method.slice(0, 20)} is not allowed here`, headers);
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function apiError(request: NextRequest, kind: ErrorKind, message: string, headers: Record<string, string> = {}) {
  const requestId = requestIdFrom(request);
  const error = new ApiError(kind, message);
  return NextResponse.json(errorBody(error, requestId), {
    status: error.status,
    headers: apiHeaders(requestId, headers),
  });
}

function lgpdAnswer(request: NextRequest, status: number, body: LgpdBody, headers: Record<string, string> = {}) {
  return NextResponse.json(body, { status, headers: apiHeaders(requestIdFrom(request), headers) });
}

const apiHeaders = (requestId: string, headers: Record<string, string>) => ({
  ...headers,
  "x-request-id": requestId,
  "cache-control": "no-store",
  "content-security-policy": API_CONTENT_SECURITY_POLICY,
});

function pageWithNonce(request: NextRequest, https: boolean): NextResponse {
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce, https);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}
