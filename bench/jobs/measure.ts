// One measurement of bench/jobs (run by bench/jobs/jobs.ts, each in a process of its own: the app's database handle is
// one per process): `size` jobs enqueued, then run from claim to completion by one worker with 8 slots, on a fresh
// database. Prints one JSON line: enqueue and run seconds, jobs/s, and CPU milliseconds per job of this process
// (on PGlite the database too: it runs in this process) and, on PostgreSQL, of the server's backends for this database.
//
//   node --import tsx bench/jobs/measure.ts <lib-jobs|pg-boss> <pglite|postgres> <size>
//
// Both engines do what our queues need of a job: its outcome is written on the domain row the APIs read, in the same
// transaction that records the job done (an LGPD request's status, a message's delivery). With lib/jobs the job row
// is that domain row: a run is one transaction that holds the lease (holdLease) and marks the row done. With pg-boss
// the job lives in pg-boss's tables and the domain row in ours: a transactional worker (`transactional: true`) writes
// the domain row in the transaction pg-boss completes the batch in. Its PGlite adapter has no transactions of its
// own (no `beginTransaction`), so on PGlite the domain row is written first and the completion follows apart.
import "../../scripts/support/allow-server-only.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminQuery, databaseUrl } from "../../tests/helpers/template-database.ts";
import type { JobTable } from "../../lib/jobs/server/lease.ts";
import { processCpuMs } from "../api/postgres-cpu.ts";

const [engine, database, sizeText] = process.argv.slice(2);
const size = Number(sizeText);
if ((engine !== "lib-jobs" && engine !== "pg-boss") || (database !== "pglite" && database !== "postgres") || !size) {
  throw new Error("usage: measure.ts <lib-jobs|pg-boss> <pglite|postgres> <size>");
}
/** Jobs one worker runs at once, and claims per poll (OUTBOX_CONCURRENCY's order of magnitude). */
const SLOTS = 8;
const DB_NAME = "docflow_bench_jobs";

process.env.LOG_LEVEL = "error";
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let pgliteDir: string | null = null;
if (database === "postgres") {
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server) is required");
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${DB_NAME}"`);
  process.env.DATABASE_URL = databaseUrl(serverUrl, DB_NAME);
} else {
  delete process.env.DATABASE_URL;
  pgliteDir = mkdtempSync(path.join(tmpdir(), "docflow-bench-jobs-"));
  process.env.PGLITE_DIR = pgliteDir;
}

const { getConnection, closeDb } = await import("../../lib/db/client.ts");
const { defaultSession } = await import("../../lib/db/sql-session.ts");
const connection = await getConnection();
const session = await defaultSession();

// The domain rows (for lib/jobs also the job rows: the columns every job table has, lib/jobs/server/lease.ts, and
// the claim's index as OutboxMessage has it).
await session.query(`CREATE TABLE "BenchJob" (
  id serial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
  "notBefore" timestamptz(3) NOT NULL DEFAULT now(), "leaseOwner" text, "leaseUntil" timestamptz(3),
  "lastError" text, "doneAt" timestamptz(3))`);
await session.query(`CREATE INDEX ON "BenchJob" (status, "notBefore")`);

/** CPU ms so far of this process and of the PostgreSQL backends serving the bench database. */
async function cpuNow(): Promise<{ node: number; postgres: Map<number, number> }> {
  const usage = process.cpuUsage();
  const postgres = new Map<number, number>();
  if (database === "postgres") {
    const { rows } = await session.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [DB_NAME],
    );
    for (const { pid } of rows) postgres.set(pid, processCpuMs(pid));
  }
  return { node: (usage.user + usage.system) / 1000, postgres };
}

/** CPU ms since `before`: this process's, the backends' (those open now), and how many backends that was. */
async function cpuSince(before: Awaited<ReturnType<typeof cpuNow>>) {
  const after = await cpuNow();
  const postgres = [...after.postgres].reduce((sum, [pid, ms]) => sum + ms - (before.postgres.get(pid) ?? 0), 0);
  return { node: after.node - before.node, postgres, backends: after.postgres.size };
}

let enqueueSeconds = 0;
let runSeconds = 0;
let cpu = { node: 0, postgres: 0, backends: 0 };

if (engine === "lib-jobs") {
  const { holdLease, startJobLoop } = await import("../../lib/jobs/server/engine.ts");
  const { claimLeased } = await import("../../lib/jobs/server/lease.ts");
  // The engine's tables are the app's job tables; the bench's own stands in for them.
  const table = "BenchJob" as JobTable;
  const settings = {
    leaseSeconds: 60,
    heartbeatSeconds: 20,
    batchSize: SLOTS,
    pollSeconds: 0.5,
    concurrency: SLOTS,
    perKeyConcurrency: SLOTS,
    maxAttempts: 5,
    retryBaseSeconds: 1,
    retryMaxSeconds: 60,
  };
  let started = performance.now();
  await session.query(`INSERT INTO "BenchJob" (status) SELECT 'pending' FROM generate_series(1, $1::int)`, [size]);
  enqueueSeconds = (performance.now() - started) / 1000;

  let finished = 0;
  let allDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const cpuBefore = await cpuNow();
  started = performance.now();
  const loop = startJobLoop({
    name: "email",
    table,
    settings: () => settings,
    claim: (claimSession, { owner, limit }) =>
      claimLeased<{ id: number; attempts: number }>(claimSession, {
        table,
        owner,
        limit,
        leaseSeconds: settings.leaseSeconds,
        returning: "id, attempts",
      }),
    run: (job, context) =>
      context.session.transaction(async (sql) => {
        await holdLease(sql, context, job.id);
        await sql(
          `UPDATE "BenchJob" SET status = 'done', "doneAt" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL
            WHERE id = $1`,
          [job.id],
        );
        return { id: job.id, outcome: "done" as const };
      }),
    finished: () => {
      finished += 1;
      if (finished === size) allDone();
    },
  });
  await done;
  runSeconds = (performance.now() - started) / 1000;
  cpu = await cpuSince(cpuBefore);
  await loop.stop();
} else {
  const { PgBoss, fromPglite } = await import("pg-boss");
  const transactional = database === "postgres";
  const boss = new PgBoss(
    connection.pglite
      ? { db: fromPglite(connection.pglite), backend: "pglite", schedule: false }
      : { connectionString: process.env.DATABASE_URL, max: SLOTS + 2, schedule: false },
  );
  boss.on("error", (error) => console.error("pg-boss:", error));
  await boss.start();
  const queue = "bench";
  await boss.createQueue(queue);
  let started = performance.now();
  await session.query(`INSERT INTO "BenchJob" (status) SELECT 'pending' FROM generate_series(1, $1::int)`, [size]);
  for (let first = 1; first <= size; first += 1000) {
    const batch = Array.from({ length: Math.min(1000, size - first + 1) }, (_, index) => ({
      data: { id: first + index },
    }));
    await boss.insert(queue, batch);
  }
  enqueueSeconds = (performance.now() - started) / 1000;

  const markDone = `UPDATE "BenchJob" SET status = 'done', "doneAt" = now() WHERE id = $1`;
  const cpuBefore = await cpuNow();
  started = performance.now();
  const options = { batchSize: SLOTS, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 };
  let handled = 0;
  let allHandled: () => void = () => {};
  const handledAll = new Promise<void>((resolve) => (allHandled = resolve));
  const counted = (jobs: unknown[]) => {
    handled += jobs.length;
    if (handled >= size) allHandled();
  };
  if (transactional) {
    await boss.work(queue, { ...options, transactional: true }, async (jobs, tx) => {
      for (const job of jobs) await tx.executeSql(markDone, [(job.data as { id: number }).id]);
      counted(jobs);
    });
  } else {
    await boss.work<{ id: number }>(queue, options, async (jobs) => {
      for (const job of jobs) await session.query(markDone, [job.data.id]);
      counted(jobs);
    });
  }
  // Done when pg-boss has recorded every job completed: after the last handler, its completion statement.
  await handledAll;
  for (;;) {
    const { rows } = await session.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
      [queue],
    );
    if (rows[0]!.count >= size) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  runSeconds = (performance.now() - started) / 1000;
  cpu = await cpuSince(cpuBefore);
  await boss.stop({ graceful: true });
}

const { rows } = await session.query<{ done: number }>(
  `SELECT count(*)::int AS done FROM "BenchJob" WHERE status = 'done'`,
);
if (rows[0]!.done !== size) throw new Error(`${rows[0]!.done} of ${size} domain rows done`);
await closeDb();
if (database === "postgres") await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    engine,
    database,
    size,
    enqueueSeconds,
    runSeconds,
    jobsPerSecond: size / runSeconds,
    nodeCpuMsPerJob: cpu.node / size,
    postgresCpuMsPerJob: cpu.postgres / size,
    postgresBackends: cpu.backends,
    transactional: engine === "lib-jobs" || database === "postgres",
  }),
);
process.exit(0);
