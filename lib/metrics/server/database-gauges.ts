import "server-only";
import type { Registry } from "prom-client";
import { getConnection, getDb } from "../../db/client.ts";
import { lgpdQueueState } from "../../ops/server/lgpd-queue.ts";

type PromClient = typeof import("prom-client");

/** Gauges read at scrape time: the pg pool's state, and the LGPD queue as the database has it. */
export function collectDatabaseGauges(client: PromClient, registry: Registry) {
  new client.Gauge({
    name: "docflow_db_pool_connections",
    help: "PostgreSQL pool connections of this process by state (in_use, idle, waiting = callers queued for one)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const { pool } = await getConnection();
      if (!pool) return; // PGlite: one in-process connection, no pool
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: "docflow_lgpd_requests",
    help: "LGPD deletion requests by status (all instances)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const { byStatus } = await lgpdQueueState(await getDb());
      for (const status of ["pending", "done", "not_found", "error"]) this.set({ status }, byStatus[status] ?? 0);
    },
  });
  new client.Gauge({
    name: "docflow_lgpd_oldest_pending_age_seconds",
    help: "Age of the oldest pending LGPD deletion request (0 when none)",
    registers: [registry],
    async collect() {
      this.set((await lgpdQueueState(await getDb())).oldestPendingSeconds);
    },
  });
}
