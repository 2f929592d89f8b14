import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { getDb } from "../../db/client.ts";
import { lgpdSettings } from "../../lgpd/config.ts";
import { log } from "../../log.ts";
import { lgpdQueueState } from "./lgpd-queue.ts";
import { isShuttingDown } from "../shutdown-state.ts";
import { config } from "../../config/index.ts";

export type Readiness = {
  status: "ready" | "not_ready";
  checks: {
    database: "ok" | "unreachable";
    migrations: "ok" | "pending" | "unknown";
    lgpd_queue: "ok" | "stuck" | "unknown";
    shutting_down: boolean;
  };
  /** Only for a bearer of METRICS_TOKEN: migrations in prisma/migrations not applied to the database (names). */
  pending_migrations?: string[];
  /** Only for a bearer of METRICS_TOKEN: the age of the oldest pending request, and how far past its due time. */
  oldest_pending_lgpd_seconds?: number;
  overdue_lgpd_seconds?: number;
  max_overdue_lgpd_seconds?: number;
};

// Bounded, so a hung database answers 503 quickly; a first open of the embedded database can take a few seconds.
const CHECK_TIMEOUT_MS = 5_000;

/** READY_MAX_PENDING_SECONDS: how long the oldest pending LGPD request may be past its due time (its request time plus
 * LGPD_DELAY_HOURS, before which no worker may take it, or its approval when the officer reviews deletions) before the
 * queue counts as stuck. Requests awaiting the officer's review wait for a person, not for the worker: never stuck. */
function maxPendingSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return config("READY_MAX_PENDING_SECONDS", env);
}

function expectedMigrations(): string[] {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma/migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Database reachable, every migration applied, deletion queue moving, not shutting down. No personal data; the check
 * names only, unless `detailed` (the caller holds METRICS_TOKEN): then also migration names and queue ages, which
 * docs/decisions/0015-health-metrics-shutdown-backups.md keeps from unauthenticated callers.
 */
export async function checkReadiness(options: { detailed?: boolean } = {}): Promise<Readiness> {
  const max = maxPendingSeconds();
  const delaySeconds = lgpdSettings().delayHours * 3600;
  const result: Readiness = {
    status: "not_ready",
    checks: { database: "unreachable", migrations: "unknown", lgpd_queue: "unknown", shutting_down: isShuttingDown() },
  };
  const details: Partial<Readiness> = { max_overdue_lgpd_seconds: max };
  try {
    await withTimeout(async () => {
      const db = await getDb();
      await db.$queryRawUnsafe("SELECT 1");
      result.checks.database = "ok";
      const applied = await db.$queryRawUnsafe<Array<{ migration_name: string }>>(
        `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      const done = new Set(applied.map((row) => row.migration_name));
      const pending = expectedMigrations().filter((name) => !done.has(name));
      result.checks.migrations = pending.length ? "pending" : "ok";
      if (pending.length) details.pending_migrations = pending;
      const queue = await lgpdQueueState(db, delaySeconds);
      const overdue = queue.overdueSeconds;
      details.oldest_pending_lgpd_seconds = Math.round(queue.oldestPendingSeconds);
      details.overdue_lgpd_seconds = Math.round(overdue);
      result.checks.lgpd_queue = overdue > max ? "stuck" : "ok";
    });
  } catch (error) {
    // What failed stays "unreachable"/"unknown" in the answer; the reason goes to the server log only.
    log.warn("ready.check_failed", {
      error: error instanceof Error ? error.message.split("\n").at(-1) : String(error),
    });
  }
  const { database, migrations, lgpd_queue, shutting_down } = result.checks;
  if (database === "ok" && migrations === "ok" && lgpd_queue === "ok" && !shutting_down) result.status = "ready";
  return options.detailed ? { ...result, ...details } : result;
}

async function withTimeout(fn: () => Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("readiness check timed out")), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
