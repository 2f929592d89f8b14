import "server-only";
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { databaseTarget } from "../../db/connection.ts";
import { log } from "../../log.ts";
import { config } from "../../config/index.ts";

// On PostgreSQL `npm start` serves with several processes (node:cluster: the workers share the listening socket,
// the kernel spreads connections), WEB_CONCURRENCY of them, default one per core. The embedded database is one
// process's, so PGlite always runs one. Only the first process runs the in-app LGPD deletion loop (the others get
// LGPD_WORKER=off); several would also be safe (leases, SKIP LOCKED), but one is enough and easier to read in logs.

export function webConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  if (databaseTarget(env).kind === "pglite") return 1;
  return config("WEB_CONCURRENCY", env) ?? availableParallelism();
}

/**
 * In the primary: forks `count` server processes, replaces one that dies unexpectedly, forwards SIGTERM/SIGINT/SIGHUP
 * (each worker then shuts down gracefully) and exits once all have stopped — 0 when they all exited 0.
 */
export function runPrimary(count: number) {
  let stopping = false;
  let failed = false;
  const fork = (index: number) => {
    const loopOff = index > 0 || !config("LGPD_WORKER");
    const worker = cluster.fork({ ...(loopOff ? { LGPD_WORKER: "off" } : {}), DOCFLOW_SERVER_INDEX: String(index) });
    worker.on("exit", (code, signal) => {
      if (stopping) {
        if (code !== 0) failed = true;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
        return;
      }
      log.error("server.process_died", { index, code, signal: signal ?? null });
      setTimeout(() => fork(index), 1000);
    });
  };
  for (let index = 0; index < count; index += 1) fork(index);
  log.info("server.processes", { count, primary: process.pid });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
