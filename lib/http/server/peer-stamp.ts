import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { bypassesProxy, PROXY_BYPASS_HEADER } from "../proxy-bypass.ts";
import { guardSlowBody, type SlowBodyAnswer } from "./slow-body-guard.ts";

/**
 * Route handlers never see the socket (Next's `x-forwarded-for` keeps whatever the client sent), so the HTTP server's
 * own diagnostics channel stamps every request, before Next reads it, with the peer's address and whether the
 * connection is TLS. A client's own copies of these headers are overwritten. lib/auth/server/client-address.ts decides,
 * with TRUST_PROXY, how far to trust X-Forwarded-* beyond them.
 */
export const PEER_ADDRESS_HEADER = "x-docflow-peer-address";
export const PEER_PROTO_HEADER = "x-docflow-peer-proto";
/**
 * TRACE reaches the app (Node's parser knows it) but the WHATWG Request refuses it, so Next would fail with a
 * plain-text 500 before proxy.ts runs. It is carried to proxy.ts in this header on a harmless GET; proxy.ts answers
 * 405. (Methods Node's parser does not know, like TRACK, get Node's bare 400; CONNECT never becomes a request.)
 */
export const UNREPRESENTABLE_METHOD_HEADER = "x-docflow-unrepresentable-method";

/**
 * Whole-request deadline Node enforces per connection (its default is 5 minutes), above the longest body
 * lib/http/server/slow-body-guard.ts waits for (a 10 MB upload at 100 KB/s); see docs/reliability.md.
 */
export const SERVER_REQUEST_TIMEOUT_MS = 120_000;
const SERVER_HEADERS_TIMEOUT_MS = 20_000;
/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). Clients pool sockets and drop them a
 * second before the server's advertised timeout; a server whose event loop was busy for that second (the embedded
 * database runs in it) closed a socket the client had just written on: ECONNRESET, seen in a browser test. Above the
 * 60 s idle timeout of the usual load balancers and reverse proxies, which hit the same race from their side (502s).
 */
export const SERVER_KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * A check that may answer a request before Next reads its body (true when it answered; Next's own answer is then
 * ignored). Domains hand theirs to installRequestHooks — lib/tracking/server/upload-gate.ts — so lib/http imports none.
 */
export type RequestGate = (request: IncomingMessage, response: ServerResponse) => boolean;

type RequestStart = { request: IncomingMessage; response: ServerResponse; socket: Socket; server: Server };
const tunedServers = new WeakSet<Server>();

function stamp({ request, socket, server }: RequestStart) {
  delete request.headers[UNREPRESENTABLE_METHOD_HEADER];
  if (request.method === "TRACE") {
    request.headers[UNREPRESENTABLE_METHOD_HEADER] = request.method;
    request.method = "GET";
  }
  delete request.headers[PROXY_BYPASS_HEADER];
  if (bypassesProxy(request.method, request.url)) request.headers[PROXY_BYPASS_HEADER] = "1";
  request.headers[PEER_ADDRESS_HEADER] = normalizeAddress(socket.remoteAddress ?? "");
  request.headers[PEER_PROTO_HEADER] = (socket as Socket & { encrypted?: boolean }).encrypted ? "https" : "http";
  tuneServerTimeouts(server);
}

/**
 * The deadlines above, on our own server when it is created (lib/ops/server/app-server.ts) and, on the first request,
 * on one we do not create (`next start`, the test server). Node reads them per connection round, so tuning after
 * `listen` takes effect; only the first answer on a server tuned late advertises Node's keep-alive timeout.
 */
export function tuneServerTimeouts(server: Server): void {
  if (tunedServers.has(server)) return;
  tunedServers.add(server);
  if (!server.requestTimeout || server.requestTimeout > SERVER_REQUEST_TIMEOUT_MS) {
    server.requestTimeout = SERVER_REQUEST_TIMEOUT_MS;
  }
  if (!server.headersTimeout || server.headersTimeout > SERVER_HEADERS_TIMEOUT_MS) {
    server.headersTimeout = SERVER_HEADERS_TIMEOUT_MS;
  }
  if (server.keepAliveTimeout < SERVER_KEEP_ALIVE_TIMEOUT_MS) server.keepAliveTimeout = SERVER_KEEP_ALIVE_TIMEOUT_MS;
}

const installed = Symbol.for("docflow.requestHooks");

/**
 * Subscribes once per process (instrumentation.ts calls it when the server starts): stamp, the gates (the customer
 * upload's token gate answers before the body is read), then the body guard.
 */
export function installRequestHooks(
  options: { slowBodyAnswers?: readonly SlowBodyAnswer[]; gates?: readonly RequestGate[] } = {},
): void {
  const holder = globalThis as { [installed]?: boolean };
  if (holder[installed]) return;
  holder[installed] = true;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const start = message as RequestStart;
    stamp(start);
    for (const gate of options.gates ?? []) if (gate(start.request, start.response)) return;
    guardSlowBody(start.request, start.response, options.slowBodyAnswers);
  });
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) → `10.0.0.1`. */
export function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}
