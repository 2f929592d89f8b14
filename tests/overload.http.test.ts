// One slow lock must not starve the server. On PostgreSQL a row held by another connection
// (SELECT … FOR UPDATE) while its document is hammered with updates; a full pool; a slow statement. Every bounded wait
// ends in 503 + Retry-After in the spec's error shape, and requests for other documents stay fast meanwhile.
// On PGlite (one connection) only the wait to start a transaction is bounded: see docs/reliability.md.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConnection } from "@/lib/db/client.ts";
import { inTransaction } from "@/lib/db/transaction.ts";
import { toApiError } from "@/lib/http/server/api-route.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;

// The 45 s replay (CI) sends more than the default 6,000 requests a minute on one token on a fast machine, and 429s
// would hide the lock behaviour under test: this file measures waits, tests/abuse-brakes.http.test.ts the rate limit.
const rateLimitBefore = process.env.API_RATE_LIMIT_PER_MINUTE;

beforeAll(async () => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
});
afterAll(async () => {
  await app?.close();
  if (rateLimitBefore === undefined) delete process.env.API_RATE_LIMIT_PER_MINUTE;
  else process.env.API_RATE_LIMIT_PER_MINUTE = rateLimitBefore;
});

// The finding held a row 45 s under 200 updates; 4 s shows the same walls (lock timeout 2 s) in the default suite,
// OVERLOAD_LOCK_SECONDS=45 (CI, .ci/run) replays it at full length.
const LOCK_PRESSURE_MS = (Number(process.env.OVERLOAD_LOCK_SECONDS) || 4) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Timed = { status: number; body: Record<string, any>; retryAfter: string | null; ms: number; endedAt: number };

async function timed(route: string, body: unknown): Promise<Timed> {
  const started = performance.now();
  const response = await app.post(route, body, { token: fx.tokens.staff });
  const parsed = (await response.json()) as Record<string, any>;
  const endedAt = performance.now();
  return {
    status: response.status,
    body: parsed,
    retryAfter: response.headers.get("retry-after"),
    ms: endedAt - started,
    endedAt,
  };
}

async function createDocument(): Promise<number> {
  const created = await timed("document/create", {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    cpf: "111.444.777-35",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

function expectServiceUnavailable(result: Timed) {
  expect(result.status, JSON.stringify(result.body)).toBe(503);
  expect(Number(result.retryAfter)).toBeGreaterThan(0);
  expect(result.body).toMatchObject({ status: "error", message: expect.any(String) });
  expect(result.body.error).toMatch(/^ServiceUnavailable: /);
  expect(JSON.stringify(result.body)).not.toMatch(/lock|statement|timeout|prisma|postgres/i);
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("on PostgreSQL", { timeout: LOCK_PRESSURE_MS + 60_000 }, () => {
  it("a row locked for long: its writers get 503 + Retry-After fast, other documents are not delayed", async () => {
    const hotId = await createDocument();
    const otherIds = await Promise.all(Array.from({ length: 5 }, () => createDocument()));
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([locker.connect(), watcher.connect()]);
    const baseline: Timed[] = [];
    let releasedAt = Infinity;
    const hotCalls: Array<Promise<Timed>> = [];
    const others: Timed[] = [];
    const lockWaiters: number[] = [];
    const pressureMs = LOCK_PRESSURE_MS;
    const updateHot = (tag: string) =>
      hotCalls.push(timed("document/updateById", { id: hotId, filled_columns: { [`hot_${tag}`]: tag } }));
    try {
      // Warm the routes first (the figures should measure waiting, not the first load of a route's code), and take
      // a baseline with no lock around.
      for (const id of otherIds) {
        baseline.push(await timed("document/loadById", { id }));
        baseline.push(await timed("document/updateById", { id, filled_columns: { warm: true } }));
      }
      await locker.query("BEGIN");
      await locker.query(`SELECT 1 FROM "Document" WHERE "id" = $1 FOR UPDATE`, [hotId]);
      const started = performance.now();
      // 40 updates of the locked document at once (4 × the pool), then 5 more every 250 ms.
      for (let i = 0; i < 40; i += 1) updateHot(`burst_${i}`);
      const firing = (async () => {
        for (let wave = 0; performance.now() - started < pressureMs; wave += 1) {
          await sleep(250);
          for (let i = 0; i < 5; i += 1) updateHot(`${wave}_${i}`);
        }
      })();
      await sleep(300); // the burst has reached the server before measuring starts
      for (let round = 0; performance.now() - started < pressureMs; round += 1) {
        const id = otherIds[round % otherIds.length]!;
        const read = await timed("document/loadById", { id });
        if (read.status === 200) expect(read.body.id).toBe(id); // answers belong to their own queries (prisma/orm#30374)
        others.push(read, await timed("document/updateById", { id, filled_columns: { round } }));
        // Sessions of this database waiting for a lock: the app's queue per row keeps that to one (the locker waits on nothing).
        const waiting = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        lockWaiters.push(waiting.rows[0].n as number);
      }
      await firing;
    } finally {
      await locker.query("ROLLBACK");
      releasedAt = performance.now();
      await Promise.all([locker.end(), watcher.end()]);
    }
    const hot = await Promise.all(hotCalls);

    const otherMs = others.map((r) => r.ms);
    const hotMs = hot.map((r) => r.ms);
    const count = (results: Timed[]) =>
      JSON.stringify(
        results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
      );
    console.log(`[overload] statuses: other documents ${count(others)}, locked document ${count(hot)}`);
    console.log(
      `[overload] locked row + ${hot.length} updates of it: other documents ${others.length} requests ` +
        `p50 ${percentile(otherMs, 50)} ms (baseline without the lock p50 ${percentile(
          baseline.map((r) => r.ms),
          50,
        )} ms), p95 ${percentile(otherMs, 95)} ms, max ${percentile(otherMs, 100)} ms; ` +
        `at most ${Math.max(...lockWaiters)} session(s) waiting on a lock; locked document's updates answered after p50 ${percentile(hotMs, 50)} ms, max ${percentile(hotMs, 100)} ms`,
    );
    expect(others.map((r) => r.status)).toEqual(others.map(() => 200));
    expect(others.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...lockWaiters)).toBeLessThanOrEqual(1);
    // Generous for a loaded 2-core machine (the baseline is printed above): never a whole lock timeout.
    expect(Math.max(...otherMs)).toBeLessThan(2_500);
    // While the row was locked its writers were refused; those still on their way when it was released may succeed.
    for (const result of hot.filter((r) => r.endedAt < releasedAt)) expectServiceUnavailable(result);
    expect(hot.every((r) => r.status === 503 || r.status === 200)).toBe(true);
    expect(hot.filter((r) => r.status === 503).length).toBeGreaterThan(hot.length / 2);
    // By design at most 2 × API_LOCK_TIMEOUT_MS (the wait behind the current holder, then its own); plus scheduling.
    expect(Math.max(...hot.filter((r) => r.status === 503).map((r) => r.ms))).toBeLessThan(8_000);

    // Refused updates wrote nothing; once the lock is gone the document takes writes again.
    const accepted = hot.filter((r) => r.status === 200).length;
    const after = await timed("document/updateById", { id: hotId, filled_columns: { after: true } });
    expect(after.status).toBe(200);
    expect(Object.keys(after.body.filled_columns)).toHaveLength(accepted + 1);
    expect(await app.db.documentHistory.count({ where: { documentId: hotId, action: "update" } })).toBe(accepted + 1);
  });

  it("a full connection pool answers 503 + Retry-After within the connection wait, then recovers", async () => {
    const id = await createDocument();
    const pool = (await getConnection()).pool!;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    let refused: Timed;
    try {
      refused = await timed("document/loadById", { id });
    } finally {
      for (const client of held) client.release();
    }
    expectServiceUnavailable(refused);
    expect(refused.ms).toBeLessThan(3_000 + 2_000); // DATABASE_CONNECT_TIMEOUT_MS (3 s) plus scheduling
    console.log(`[overload] full pool: 503 after ${Math.round(refused.ms)} ms`);
    expect((await timed("document/loadById", { id })).status).toBe(200);
  });

  it("a statement running past API_STATEMENT_TIMEOUT_MS is cancelled and maps to 503", async () => {
    process.env.API_STATEMENT_TIMEOUT_MS = "300";
    const started = performance.now();
    try {
      const error = await inTransaction((tx) => tx.$executeRaw`SELECT pg_sleep(5)`).catch((caught: unknown) => caught);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(toApiError(error, "test", "/test").status).toBe(503);
    } finally {
      delete process.env.API_STATEMENT_TIMEOUT_MS;
    }
    // The limit was SET LOCAL: the pooled sessions keep their own default.
    expect(await inTransaction((tx) => tx.$executeRaw`SELECT pg_sleep(0.5)`)).toBe(1);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)("on PGlite", () => {
  it("a transaction that cannot start within DATABASE_CONNECT_TIMEOUT_MS maps to 503", async () => {
    process.env.DATABASE_CONNECT_TIMEOUT_MS = "300";
    let release!: () => void;
    const holding = app.db.$transaction(() => new Promise<void>((resolve) => (release = resolve)), { timeout: 10_000 });
    try {
      await sleep(50);
      const started = performance.now();
      const error = await inTransaction(async (tx) => tx.$queryRaw`SELECT 1`).catch((caught: unknown) => caught);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(toApiError(error, "test", "/test").status).toBe(503);
    } finally {
      delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
      release();
      await holding;
    }
    expect(await inTransaction((tx) => tx.$queryRaw`SELECT 1 AS ok`)).toHaveLength(1);
  });
});
