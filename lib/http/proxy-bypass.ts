import { apiRoutes } from "./api-route-table.ts";
import { config } from "../config/index.ts";

// proxy.ts (Next's middleware) costs about a tenth of the app's CPU on every document-API call (Next builds a
// NextRequest, URL and headers for it, then merges its answer: docs/benchmarks.md). For a well-formed call to the
// document API — POST to the exact path of a route that exports POST — it has nothing to decide: the path decodes,
// names a route, the method is allowed. Those calls alone skip it: the HTTP server's request hook (peer-stamp.ts)
// marks them with this header (after deleting any client's copy), and proxy.ts's matcher runs only where it is
// missing. What the proxy would still have added, `Cache-Control: no-store` and HSTS, apiRoute adds itself
// (api-answer-headers.ts).
// Anything else (another method, a trailing slash, percent-encoding, an unknown path) goes through the proxy as before.
export const PROXY_BYPASS_HEADER = "x-docflow-proxy-bypass";

const DOCUMENT_API = "/api/document/";
let hotPaths: Set<string> | null = null;

/** True for POST to the exact path of a document-API route that answers POST (a query string is allowed). */
export function bypassesProxy(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || !url?.startsWith(DOCUMENT_API)) return false;
  // PROXY_BYPASS=off sends every call through the proxy again (to compare, or should a proxy rule ever be needed there).
  if (!config("PROXY_BYPASS")) return false;
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  hotPaths ??= documentApiPaths();
  return hotPaths.has(path);
}

/** The document API's routes (all static, all POST): the route table of the build lists them. */
function documentApiPaths(): Set<string> {
  return new Set(
    apiRoutes()
      .filter(
        ({ pattern, methods }) =>
          pattern.startsWith(DOCUMENT_API) && !pattern.includes("[") && methods.includes("POST"),
      )
      .map(({ pattern }) => pattern),
  );
}
