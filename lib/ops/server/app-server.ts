import "server-only";
import { createServer } from "node:http";
import { closeDb } from "../../db/client.ts";
import { stopBackgroundLoops } from "./background-loops.ts";
import { log } from "../../log.ts";
import { isShuttingDown, markShuttingDown } from "../shutdown-state.ts";
import { config } from "../../config/index.ts";
import { tuneServerTimeouts } from "../../http/server/peer-stamp.ts";

// The production HTTP server of `npm start`: Next's request handler behind a node:http server this process owns, so
// that SIGTERM/SIGINT can stop it the way an orchestrator expects — stop accepting, let the requests in flight finish
// (at most SHUTDOWN_TIMEOUT_SECONDS, default 25), let every job loop's job in progress (LGPD deletion or access package, outbox, retention) commit or roll back, close the
// database (which releases the embedded database's lock), exit 0. `next start` itself would wait without bound and
// exit 143 without closing the database.

function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return config("SHUTDOWN_TIMEOUT_SECONDS", env) * 1000;
}

export async function serveApp(options: { port: number; hostname?: string; dir?: string }): Promise<void> {
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: options.dir ?? process.cwd(), port: options.port, hostname: options.hostname });
  await app.prepare();
  const handle = app.getRequestHandler();

  let inFlight = 0;
  let onDrained: (() => void) | null = null;
  const server = createServer((request, response) => {
    inFlight += 1;
    response.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) onDrained?.();
    });
    // Keep-alive connections close after their current answer once we are stopping.
    if (isShuttingDown()) response.setHeader("connection", "close");
    void handle(request, response);
  });
  tuneServerTimeouts(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  log.info("server.listening", { port: options.port, pid: process.pid });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown()) return;
    markShuttingDown();
    const started = Date.now();
    // Whatever hangs (a database that vanished under us), the process ends: drain bound + 10 s for the rest.
    setTimeout(() => {
      log.error("server.stop_timed_out", { signal });
      process.exit(1);
    }, shutdownTimeoutMs() + 10_000).unref();
    log.info("server.stopping", { signal, in_flight: inFlight });
    server.close(); // no new connections
    server.closeIdleConnections();
    const drained = inFlight === 0 || (await waitFor((resolve) => (onDrained = resolve), shutdownTimeoutMs()));
    server.closeAllConnections();
    try {
      await stopBackgroundLoops();
      await app.close?.();
      await closeDb();
    } catch (error) {
      log.error("server.stop_failed", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
    log.info("server.stopped", { signal, drained, cut_requests: inFlight, ms: Date.now() - started });
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => void shutdown(signal));
}

/** True when `register`'s callback ran before `ms` elapsed. */
function waitFor(register: (resolve: () => void) => void, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    register(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
