import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { ApiError, errorBody } from "../../http/errors.ts";
import { readTrackingToken } from "../../outbox/server/tracking-link.ts";
import { NOT_FOUND_MESSAGE, READ_ONLY_LINK_MESSAGE } from "../not-found.ts";

// Next buffers a request's whole body before proxy.ts and the route run, so the upload route could only check the
// customer's token after up to 10 MiB had arrived. This gate runs on the HTTP server before Next reads anything
// (lib/http/server/peer-stamp.ts): an upload whose X-Tracking-Token is missing or not validly signed (an HMAC check,
// no database) is answered at once — the route's own answers, 400 or the tracking 404 — and its connection closed
// with the body unread. A signed token still has its document and request checked by the route. The hook takes it as
// one of its `gates` (instrumentation.ts passes it), so lib/http imports no domain.

const UPLOAD_PATH = "/api/tracking/upload";

/** True when the gate answered the request (Next must not be relied on to answer it then). */
export function refuseUploadWithoutValidToken(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "POST" || (request.url ?? "").split("?")[0] !== UPLOAD_PATH) return false;
  const token = request.headers["x-tracking-token"];
  const claims = typeof token === "string" && token ? readTrackingToken(token) : null;
  if (claims && !claims.readOnly) return false;
  // A first-format link (read-only) never uploads: refused here too, before its body is read.
  const error = claims
    ? new ApiError("Forbidden", READ_ONLY_LINK_MESSAGE, { code: "tracking_link_read_only" })
    : typeof token === "string" && token
      ? new ApiError("NotFound", NOT_FOUND_MESSAGE, { code: "tracking_not_found" })
      : new ApiError("BadRequest", "Invalid parameters: token and request_id are required");
  response.on("error", () => {}); // Next may still try to answer on this response; the gate's answer stands.
  response.writeHead(error.kind === "NotFound" ? 404 : error.kind === "Forbidden" ? 403 : 400, {
    "content-type": "application/json",
    "cache-control": "no-store",
    "x-request-id": randomUUID(),
    connection: "close",
  });
  response.end(JSON.stringify(errorBody(error)), () => request.socket.destroy());
  return true;
}
