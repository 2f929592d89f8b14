// The rate limits are shared by every app server on one PostgreSQL (lib/http/server/rate-limit-sync.ts). Here this
// process is one server and rows written straight into RateLimitCounter stand for another server's merges. Near the
// limit a request must be judged on everyone's totals: judged on what its server last knew, a caller alternating
// between two servers on a loaded machine got 67 of 60 auth/token attempts through (tests/shared-rate-limit.http).
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { enforceRateLimit } from "@/lib/http/server/rate-limit.ts";
import { withinOneWindow } from "./helpers/post-from.ts";
import { createMigratedDatabase, type TestDatabase } from "./helpers/test-database.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const LIMIT = 10;
let database: TestDatabase;
let otherServer: pg.Client;
let key: string;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createMigratedDatabase();
  await getDb();
  otherServer = new pg.Client({ connectionString: database.url });
  await otherServer.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await otherServer.end();
  await closeDb();
  await database.cleanup();
});
beforeEach(async () => {
  key = `test:${Math.random().toString(36).slice(2)}`;
  await withinOneWindow(5_000); // one clock minute is one window
});

/** Status of one request on this server: 200 when admitted, 429 when refused. */
const attempt = (limit = LIMIT) =>
  new Promise<void>((resolve) => resolve(enforceRateLimit(key, limit))).then(
    () => 200,
    (error: { status?: number }) => error.status ?? 500,
  );

/** The count of the key's window in the table, as every server sees it. */
async function sharedCount(): Promise<number> {
  const { rows } = await otherServer.query<{ count: number }>(
    `SELECT coalesce(sum("count"), 0)::int AS count FROM "RateLimitCounter" WHERE "key" = $1`,
    [keyedHash(`rate:${key}`)],
  );
  return rows[0]!.count;
}

/** Another server admits `n` requests of the key in this minute's window and merges them. */
async function otherServerAdmits(n: number): Promise<void> {
  const now = Date.now();
  await otherServer.query(
    `INSERT INTO "RateLimitCounter" ("key", "windowStart", "count") VALUES ($1, $2, $3)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + EXCLUDED."count"`,
    [keyedHash(`rate:${key}`), new Date(now - (now % 60_000)), n],
  );
}

it.runIf(onPostgres)(
  "near the limit a request is judged on what the other servers admitted since the last merge",
  async () => {
    for (let i = 0; i < 8; i += 1) expect(await attempt()).toBe(200);
    await expect.poll(sharedCount).toBe(8);
    await otherServerAdmits(2); // 10 of 10 used in all; this server last saw 8
    expect(await attempt()).toBe(429);
    expect(await sharedCount()).toBe(11);
  },
);

it.runIf(onPostgres)(
  "concurrent requests at the edge split as on one server: the ones within the limit pass",
  async () => {
    for (let i = 0; i < 7; i += 1) expect(await attempt()).toBe(200);
    await expect.poll(sharedCount).toBe(7);
    await otherServerAdmits(1); // 8 used
    const statuses = await Promise.all([attempt(), attempt(), attempt(), attempt()]);
    expect(statuses.sort()).toEqual([200, 200, 429, 429]);
  },
);

it.runIf(onPostgres)("a key's first request on this server is judged on what the others admitted", async () => {
  await otherServerAdmits(9); // a caller that used 9 of its 10 on another server moves here
  expect(await attempt()).toBe(200);
  expect(await attempt()).toBe(429);
  expect(await sharedCount()).toBe(11);
});

it.runIf(onPostgres)("far from the limit a request is judged without waiting for the database", async () => {
  expect(await attempt(100)).toBe(200); // new here: waits for the merge
  // A request that waits for no I/O settles before the event loop's next check phase; a merge cannot.
  const nextCheckPhase = () => new Promise((resolve) => setImmediate(() => resolve("waited for I/O")));
  for (let i = 2; i <= 10; i += 1) expect(await Promise.race([attempt(100), nextCheckPhase()])).toBe(200);
  // The 11th uses up this server's slice (a tenth of the 99 left at the last merge): it waits.
  expect(await Promise.race([attempt(100), nextCheckPhase()])).toBe("waited for I/O");
});

it.runIf(onPostgres)("the request that uses up this server's slice waits: a lagging view is corrected", async () => {
  expect(await attempt(100)).toBe(200); // merged: this server knows 1
  await otherServerAdmits(89); // 90 used in all
  for (let i = 2; i <= 10; i += 1) expect(await attempt(100)).toBe(200); // 99 in all, this server's view 10
  // The 11th and 12th at once: the 11th uses the slice up and both wait for the merge, which brings the other 89.
  expect(await Promise.all([attempt(100), attempt(100)])).toEqual([200, 429]);
  expect(await sharedCount()).toBe(101);
});
