import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyTimeoutMs } from "../body.ts";
import { ApiError, errorBody } from "../errors.ts";
import { attachmentMaxBytes } from "../upload.ts";

// Next buffers a request's whole body before proxy.ts and the route run (so the proxy could read it), so a body
// that trickles in would be held until Node's own request timeout (5 minutes by default) without the route ever
// seeing it. This guard, on the HTTP server itself, answers 408 and closes the connection once the body is late:
// bodyTimeoutMs() for what the client declared (30 s; longer only for a large declared upload, at 100 KB/s).

/** The largest body any route accepts (an attachment plus multipart overhead): declaring more buys no extra time. */
const largestBodyBytes = () => attachmentMaxBytes() + 1024 * 1024;

/** The 408 body of the paths of an API with its own bodies (the LGPD API's, given by instrumentation.ts). */
export type SlowBodyAnswer = { pathPrefix: string; body: unknown };

export function guardSlowBody(
  request: IncomingMessage,
  response: ServerResponse,
  answers: readonly SlowBodyAnswer[] = [],
): void {
  const declared = Number(request.headers["content-length"]);
  const chunked = /chunked/i.test(String(request.headers["transfer-encoding"] ?? ""));
  if (request.complete || (!chunked && !(declared > 0))) return;
  const deadline = bodyTimeoutMs(Math.min(Number.isFinite(declared) ? declared : 0, largestBodyBytes()));
  const timer = setTimeout(() => cutSlowBody(request, response, deadline, answers), deadline);
  timer.unref();
  const stop = () => clearTimeout(timer);
  request.once("end", stop);
  request.once("close", stop);
  response.once("close", stop);
}

function cutSlowBody(
  request: IncomingMessage,
  response: ServerResponse,
  deadline: number,
  answers: readonly SlowBodyAnswer[],
) {
  if (request.complete) return;
  // Next may still try to answer on this response once the connection is gone; that is expected, not a crash.
  response.on("error", () => {});
  if (response.headersSent) {
    request.socket.destroy();
    return;
  }
  const own = answers.find(({ pathPrefix }) => request.url?.startsWith(pathPrefix));
  const body = own
    ? own.body
    : errorBody(new ApiError("RequestTimeout", `The body did not arrive within ${Math.round(deadline / 1000)} s`));
  response.writeHead(408, {
    "content-type": "application/json",
    "cache-control": "no-store",
    connection: "close",
  });
  response.end(JSON.stringify(body), () => request.socket.destroy());
}
