// Leases with a heartbeat: a live worker keeps its claims however long its batch takes, a dead
// worker's claims resume within 30 s (a 20 s lease by default, was 300 s, plus the loop's 5 s poll), and nothing is processed or deleted twice.
// Two workers at once need PostgreSQL (PGlite is one connection in one process); the settings test runs on both.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import { lgpdSettings } from "@/lib/lgpd/config.ts";
import { processDueRequests, type ProcessOutcome } from "@/lib/lgpd/server/deletion-queue.ts";
import { poolSession } from "@/lib/db/sql-session.ts";
import {
  cpfFromBase,
  createLgpdInstance,
  formatCpf,
  insertDocument,
  remaining,
  type LgpdInstance,
} from "./helpers/lgpd.ts";
import { expectTakenOverOnce } from "./helpers/lgpd-takeover.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let app: TestApp;
let main: LgpdInstance;

beforeAll(async () => {
  app = await startTestApp();
  main = await createLgpdInstance(app.db, "default");
});
afterAll(async () => app?.close());

async function requestDeletion(digits: string): Promise<number> {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${main.slug}/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": main.key },
    body: JSON.stringify({ cpf: formatCpf(digits) }),
  });
  expect(response.status).toBe(200);
  const row = await app.db.lgpdRequest.findFirstOrThrow({
    where: { instanceId: main.instanceId, cpfHash: keyedHash(digits) },
    orderBy: { id: "desc" },
  });
  return row.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("defaults: a 20 s lease renewed every 4 s", () => {
  const saved = { lease: process.env.LGPD_LEASE_SECONDS, beat: process.env.LGPD_HEARTBEAT_SECONDS };
  try {
    delete process.env.LGPD_LEASE_SECONDS;
    delete process.env.LGPD_HEARTBEAT_SECONDS;
    expect(lgpdSettings()).toMatchObject({ leaseSeconds: 20, heartbeatSeconds: 4 });
    process.env.LGPD_LEASE_SECONDS = "12";
    process.env.LGPD_HEARTBEAT_SECONDS = "100"; // never longer than half the lease
    expect(lgpdSettings()).toMatchObject({ leaseSeconds: 12, heartbeatSeconds: 6 });
  } finally {
    for (const [name, value] of [
      ["LGPD_LEASE_SECONDS", saved.lease],
      ["LGPD_HEARTBEAT_SECONDS", saved.beat],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

describe.skipIf(!onPostgres)("on PostgreSQL with two workers", () => {
  it("a live worker's heartbeat keeps the requests waiting in its batch: nobody takes them over", async () => {
    const slow = cpfFromBase(515151515);
    const next = cpfFromBase(626262626);
    const slowDoc = await insertDocument(app.db, main, slow, { observations: 1, history: 1 });
    const nextDoc = await insertDocument(app.db, main, next, { observations: 1, history: 1 });
    // The first deletion takes 4 s (a real, slow statement), twice the 2 s lease of this test.
    await app.db.$executeRawUnsafe(
      `CREATE FUNCTION lgpd_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(4); RETURN OLD; END $$`,
    );
    await app.db.$executeRawUnsafe(
      `CREATE TRIGGER lgpd_test_slow BEFORE DELETE ON "Document" FOR EACH ROW WHEN (OLD."cpfDigits" = '${slow}') EXECUTE FUNCTION lgpd_test_slow()`,
    );
    const pg = (await import("pg")).default;
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 }));
    try {
      const ids = [await requestDeletion(slow), await requestDeletion(next)];
      const settings = { leaseSeconds: 2, heartbeatSeconds: 0.3 };
      let finished = false;
      const worker = processDueRequests({
        owner: "slow-worker",
        limit: 2,
        session: poolSession(pools[0]!),
        settings,
      }).finally(() => {
        finished = true;
      });
      // Another worker polls all along with the same short lease.
      const stolen: ProcessOutcome[] = [];
      let polls = 0;
      while (!finished) {
        await sleep(200);
        const { results } = await processDueRequests({
          owner: "other-worker",
          limit: 10,
          session: poolSession(pools[1]!),
          settings,
        });
        stolen.push(...results);
        polls += 1;
      }
      const { results } = await worker;
      expect(polls).toBeGreaterThan(10); // it really polled through the whole slow deletion
      expect(stolen).toEqual([]);
      const counts = { documents: 1, observations: 1, attachments: 0, history: 1 };
      expect(results).toEqual([
        { id: ids[0], outcome: "done", deleted: counts },
        { id: ids[1], outcome: "done", deleted: counts },
      ]);
      expect(await remaining(app.db, [slowDoc.id, nextDoc.id])).toEqual({
        documents: 0,
        observations: 0,
        attachments: 0,
        history: 0,
      });
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await app.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS lgpd_test_slow ON "Document"`);
      await app.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS lgpd_test_slow()`);
    }
  });

  it("a worker process SIGKILLed while holding two claims: `npm run worker` (default settings) completes both within 30 s, once", async () => {
    const first = cpfFromBase(737373737);
    const second = cpfFromBase(848484848);
    const docs = [
      await insertDocument(app.db, main, first, { observations: 1, attachments: 1, history: 1 }),
      await insertDocument(app.db, main, formatCpf(second), { observations: 2, history: 1 }),
    ];
    const ids = [await requestDeletion(first), await requestDeletion(second)];
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.DATABASE_URL!, LOG_LEVEL: "info" };
    for (const name of ["LGPD_LEASE_SECONDS", "LGPD_HEARTBEAT_SECONDS", "LGPD_POLL_SECONDS", "LGPD_BATCH_SIZE"]) {
      delete env[name];
    }
    // node itself with tsx's loader, so SIGKILL hits the process that holds the claims and the open transaction.
    const doomed: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", "tests/helpers/lgpd-hanging-worker.ts", "doomed-worker"],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const survivor = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worker.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const survivorLog: Record<string, unknown>[] = [];
    createInterface({ input: survivor.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) survivorLog.push(JSON.parse(line) as Record<string, unknown>);
    });
    let killedAt = 0;
    try {
      try {
        const line = await createInterface({ input: doomed.stdout! })[Symbol.asyncIterator]().next();
        expect(JSON.parse(String(line.value))).toEqual({
          claimed: ids,
          deleted: { documents: 1, observations: 1, attachments: 1, history: 1 },
        });
        // Its heartbeat renews the waiting claim (every 4 s by default) while the other worker polls: wait for a
        // renewal and for the other worker to be up.
        const claimedUntil = (await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: ids[1] } })).leaseUntil!;
        let renewedUntil = claimedUntil;
        for (let i = 0; i < 120; i += 1) {
          const started = survivorLog.some((entry) => entry.event === "lgpd.loop_started");
          if (started && renewedUntil.getTime() > claimedUntil.getTime()) break;
          await sleep(250);
          renewedUntil = (await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: ids[1] } })).leaseUntil!;
        }
        expect(renewedUntil.getTime()).toBeGreaterThan(claimedUntil.getTime());
        expect(survivorLog.map((entry) => entry.event)).toContain("lgpd.loop_started");
        const rows = await app.db.lgpdRequest.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
        expect(rows.map((row) => [row.status, row.leaseOwner])).toEqual([
          ["pending", "doomed-worker"],
          ["pending", "doomed-worker"],
        ]);
      } finally {
        doomed.kill("SIGKILL");
        killedAt = Date.now();
        await new Promise((resolve) => (doomed.exitCode !== null ? resolve(null) : doomed.once("exit", resolve)));
      }

      // The running worker takes both over once their leases lapse: within one lease of the last renewal plus
      // its poll (5 s) and the deletion.
      let doneAfter = 0;
      while (Date.now() - killedAt < 45_000) {
        const pending = await app.db.lgpdRequest.count({ where: { id: { in: ids }, status: "pending" } });
        if (pending === 0) {
          doneAfter = Date.now() - killedAt;
          break;
        }
        await sleep(100);
      }
      console.info(`lease takeover after SIGKILL: both requests done ${doneAfter} ms after the kill`);
      expect(doneAfter).toBeGreaterThan(0);
      expect(doneAfter).toBeLessThan(30_000);
    } finally {
      survivor.kill("SIGTERM");
      await new Promise((resolve) => (survivor.exitCode !== null ? resolve(null) : survivor.once("exit", resolve)));
    }
    await expectTakenOverOnce(
      app.db,
      ids,
      docs.map((doc) => doc.id),
      survivorLog,
    );
  }, 90_000);
});
