import "server-only";
import { clientProtocol } from "../../auth/server/client-address.ts";
import { STRICT_TRANSPORT_SECURITY } from "../security-headers.ts";

/**
 * What proxy.ts adds to an API answer, for the calls that skip it: `Cache-Control: no-store` (unless the route set
 * its own) and HSTS when the client came over https.
 */
export function addProxyHeaders(response: Response, request: Request): Response {
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  if (clientProtocol(request.headers) === "https") {
    response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  }
  return response;
}
