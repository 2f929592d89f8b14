// The LGPD deletion processor on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what is deleted,
// what the request keeps, retries and errors with a real failure (a trigger that raises), crashes mid-way, and
// concurrent workers on PostgreSQL (separate pools and separate processes).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LgpdRequest } from "@/lib/db/client.ts";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import { eraseTiedData } from "@/lib/lgpd/server/erase-tied-data.ts";
import {
  claimDueRequests,
  processClaimed,
  processDueRequests,
  type ProcessOutcome,
} from "@/lib/lgpd/server/deletion-queue.ts";
import { defaultSession, poolSession, type SqlSession } from "@/lib/db/sql-session.ts";
import {
  cpfFromBase,
  createLgpdInstance,
  formatCpf,
  insertDocument,
  remaining,
  type LgpdInstance,
} from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let app: TestApp;
let session: SqlSession;
let main: LgpdInstance;
let other: LgpdInstance;

beforeAll(async () => {
  app = await startTestApp();
  session = await defaultSession();
  main = await createLgpdInstance(app.db, "default");
  other = await createLgpdInstance(app.db, "outra");
});
afterAll(async () => app?.close());

async function requestDeletionOverHttp(cpf: string, instance: LgpdInstance = main): Promise<LgpdRequest> {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${instance.slug}/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": instance.key },
    body: JSON.stringify({ cpf }),
  });
  expect(response.status).toBe(200);
  const digits = cpf.replace(/\D/g, "");
  return app.db.lgpdRequest.findFirstOrThrow({
    where: { instanceId: instance.instanceId, cpfHash: keyedHash(digits) },
    orderBy: { id: "desc" },
  });
}

async function statusOverHttp(cpf: string, instance: LgpdInstance = main) {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${instance.slug}/status/${cpf}`, {
    headers: { "x-api-key": instance.key },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const outcomeOf = (results: ProcessOutcome[], id: number) => results.filter((result) => result.id === id);

/** Every column of the request as text: what a database dump would show. */
async function rowText(id: number): Promise<string> {
  const rows = await app.db.$queryRawUnsafe<{ t: string }[]>(
    `SELECT row_to_json(r)::text AS t FROM "LgpdRequest" r WHERE id = $1`,
    id,
  );
  return rows[0]!.t;
}

describe("deletion", () => {
  it("deletes the CPF's documents (formatted and bare) with observations, attachments and history, and nothing else", async () => {
    const digits = cpfFromBase(123456789);
    const bare = await insertDocument(app.db, main, digits, { observations: 2, attachments: 1, history: 3 });
    const formatted = await insertDocument(app.db, main, formatCpf(digits), {
      observations: 1,
      attachments: 2,
      history: 1,
    });
    const spaced = await insertDocument(app.db, main, ` ${formatCpf(digits)} `, { history: 1 });
    const otherCpf = await insertDocument(app.db, main, cpfFromBase(111444777), {
      observations: 1,
      attachments: 1,
      history: 1,
    });
    const otherInstance = await insertDocument(app.db, other, digits, { observations: 1, attachments: 1, history: 1 });
    const cnpjLike = await insertDocument(app.db, main, `${digits}000`, { observations: 1 });

    const request = await requestDeletionOverHttp(formatCpf(digits));
    const { results } = await processDueRequests({ owner: "worker-a", limit: 100 });
    expect(outcomeOf(results, request.id)).toEqual([
      {
        id: request.id,
        outcome: "done",
        deleted: { documents: 3, observations: 3, attachments: 3, history: 5 },
      },
    ]);

    expect(await remaining(app.db, [bare.id, formatted.id, spaced.id])).toEqual({
      documents: 0,
      observations: 0,
      attachments: 0,
      history: 0,
    });
    expect(await remaining(app.db, [otherCpf.id])).toEqual({
      documents: 1,
      observations: 1,
      attachments: 1,
      history: 1,
    });
    expect(await remaining(app.db, [otherInstance.id])).toEqual({
      documents: 1,
      observations: 1,
      attachments: 1,
      history: 1,
    });
    expect(await remaining(app.db, [cnpjLike.id])).toMatchObject({ documents: 1, observations: 1 });

    const row = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({
      status: "done",
      cpfPending: null,
      pendingKey: null,
      leaseOwner: null,
      leaseUntil: null,
      attempts: 1,
      cpfMasked: "***.456.789-**",
      cpfHash: keyedHash(digits),
    });
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(row.details).toEqual({
      requested_at: request.requestedAt.toISOString(),
      completed_at: row.processedAt!.toISOString(),
      deleted: { documents: 3, observations: 3, attachments: 3, history: 5 },
    });
    // No column holds a readable CPF any more: only the keyed hash and the masked form.
    const text = await rowText(request.id);
    expect(text).not.toContain(digits);
    expect(text).not.toContain(formatCpf(digits));
    expect(text).not.toContain(digits.slice(0, 9));

    expect(await statusOverHttp(digits)).toEqual({
      status: 200,
      body: { message: "Request found", status: "done", details: row.details },
    });

    // Processing again does nothing: the request is no longer pending.
    const again = await processDueRequests({ owner: "worker-b", limit: 100 });
    expect(outcomeOf(again.results, request.id)).toEqual([]);
  });

  it("marks not_found when nothing matched, keeping no readable CPF either", async () => {
    const digits = cpfFromBase(555666777);
    await insertDocument(app.db, other, digits, { observations: 1 }); // same CPF, other instance: not this one's data
    const request = await requestDeletionOverHttp(digits);
    const { results } = await processDueRequests({ owner: "worker-a", limit: 100 });
    expect(outcomeOf(results, request.id)).toEqual([
      { id: request.id, outcome: "not_found", deleted: { documents: 0, observations: 0, attachments: 0, history: 0 } },
    ]);
    const row = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({ status: "not_found", cpfPending: null, pendingKey: null });
    expect(await rowText(request.id)).not.toContain(digits);
    expect(await app.db.document.count({ where: { cpfDigits: digits, instanceId: other.instanceId } })).toBe(1);
    const status = await statusOverHttp(formatCpf(digits));
    expect(status).toMatchObject({ status: 200, body: { message: "Request found", status: "not_found" } });
  });
});

describe("failures", () => {
  it("retries with bounded exponential backoff, ends in error after LGPD_MAX_ATTEMPTS, and deletes nothing", async () => {
    const digits = cpfFromBase(246813579);
    const docs = [
      await insertDocument(app.db, main, digits, { observations: 2, attachments: 1, history: 2 }),
      await insertDocument(app.db, main, formatCpf(digits), { observations: 1, history: 1 }),
    ];
    const ids = docs.map((doc) => doc.id);
    const before = await remaining(app.db, ids);
    // A real failure: deleting this CPF's documents raises in the database, after the observations, attachments
    // and history were already deleted inside the transaction.
    await app.db.$executeRawUnsafe(
      `CREATE FUNCTION lgpd_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'lgpd test failure'; END $$`,
    );
    await app.db.$executeRawUnsafe(
      `CREATE TRIGGER lgpd_test_fail BEFORE DELETE ON "Document" FOR EACH ROW WHEN (OLD."cpfDigits" = '${digits}') EXECUTE FUNCTION lgpd_test_fail()`,
    );
    const settings = { retryBaseSeconds: 10, retryMaxSeconds: 25 }; // LGPD_MAX_ATTEMPTS: the default, 5
    try {
      const request = await requestDeletionOverHttp(digits);
      const expectedDelays = [10, 20, 25, 25];
      for (const [index, delay] of expectedDelays.entries()) {
        const started = Date.now();
        const { results } = await processDueRequests({ owner: "worker-a", limit: 100, settings });
        const [outcome] = outcomeOf(results, request.id);
        expect(outcome).toMatchObject({ outcome: "retry", attempts: index + 1 });
        const row = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });
        expect(row).toMatchObject({ status: "pending", attempts: index + 1, cpfPending: digits, leaseOwner: null });
        expect(row.lastError).toContain("lgpd test failure");
        expect(row.lastError).not.toContain(digits);
        const wait = row.notBefore.getTime() - started;
        expect(wait).toBeGreaterThan(delay * 1000 - 2000);
        expect(wait).toBeLessThan(delay * 1000 + 2000);
        // Not due yet: another poll leaves it alone.
        const early = await processDueRequests({ owner: "worker-b", limit: 100, settings });
        expect(outcomeOf(early.results, request.id)).toEqual([]);
        // While it waits, the status shows the failed attempts, never the error text.
        const status = await statusOverHttp(digits);
        expect(status.body).toEqual({
          message: "Request found",
          status: "pending",
          details: {
            requested_at: request.requestedAt.toISOString(),
            failed_attempts: index + 1,
            next_attempt_at: row.notBefore.toISOString(),
          },
        });
        // Let the backoff elapse.
        await app.db.lgpdRequest.update({
          where: { id: request.id },
          data: { notBefore: new Date(Date.now() - 1000) },
        });
        // The whole transaction rolled back: everything is still there.
        expect(await remaining(app.db, ids)).toEqual(before);
      }
      const { results } = await processDueRequests({ owner: "worker-a", limit: 100, settings });
      expect(outcomeOf(results, request.id)).toEqual([
        { id: request.id, outcome: "error", attempts: 5, error: expect.stringContaining("lgpd test failure") },
      ]);
      const row = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });
      expect(row).toMatchObject({ status: "error", attempts: 5, cpfPending: null, pendingKey: null, leaseOwner: null });
      expect(row.details).toEqual({
        requested_at: request.requestedAt.toISOString(),
        failed_at: row.processedAt!.toISOString(),
        attempts: 5,
        reason: expect.stringContaining("lgpd test failure"),
      });
      expect(await rowText(request.id)).not.toContain(digits);
      expect(await remaining(app.db, ids)).toEqual(before);
      expect(await statusOverHttp(formatCpf(digits))).toEqual({
        status: 200,
        body: { message: "Request found", status: "error", details: row.details },
      });
      // Errored requests are never picked up again.
      await app.db.lgpdRequest.update({ where: { id: request.id }, data: { notBefore: new Date(0) } });
      expect(outcomeOf((await processDueRequests({ owner: "worker-a", limit: 100 })).results, request.id)).toEqual([]);

      // After database errors the client still answers each query with its own result (prisma/orm#30374).
      for (const doc of docs) {
        expect((await app.db.document.findUnique({ where: { id: doc.id } }))?.protocol).toBe(doc.protocol);
      }
      expect(await app.db.instance.findUnique({ where: { slug: "default" } })).toMatchObject({ id: main.instanceId });
    } finally {
      await app.db.$executeRawUnsafe(`DROP TRIGGER lgpd_test_fail ON "Document"`);
      await app.db.$executeRawUnsafe(`DROP FUNCTION lgpd_test_fail()`);
    }

    // Once the cause is gone, a new request for the CPF goes through.
    const retry = await requestDeletionOverHttp(formatCpf(digits));
    const { results } = await processDueRequests({ owner: "worker-a", limit: 100 });
    expect(outcomeOf(results, retry.id)).toEqual([
      { id: retry.id, outcome: "done", deleted: { documents: 2, observations: 3, attachments: 1, history: 3 } },
    ]);
  });

  it("a worker that claimed, deleted without committing and died: the lease expires and the request completes once", async () => {
    const digits = cpfFromBase(864209753);
    const docs = [
      await insertDocument(app.db, main, digits, { observations: 1, attachments: 1, history: 1 }),
      await insertDocument(app.db, main, formatCpf(digits), { observations: 1, attachments: 1, history: 1 }),
    ];
    const docIds = docs.map((doc) => doc.id);
    const request = await requestDeletionOverHttp(digits);

    const claimed = await claimDueRequests(session, { owner: "dead-worker", limit: 100, leaseSeconds: 300 });
    const mine = claimed.find((row) => row.id === request.id)!;
    expect(mine).toMatchObject({ id: request.id, cpfPending: digits, attempts: 0 });
    // It got as far as deleting inside its transaction, then crashed before committing.
    await expect(
      session.transaction(async (sql) => {
        expect((await eraseTiedData(sql, mine.instanceId, digits)).deleted).toMatchObject({ documents: 2 });
        throw new Error("worker process died");
      }),
    ).rejects.toThrow("worker process died");
    expect(await remaining(app.db, docIds)).toEqual({
      documents: 2,
      observations: 2,
      attachments: 2,
      history: 2,
    });

    // While its lease runs, other workers leave the request alone.
    const during = await processDueRequests({ owner: "live-worker", limit: 100 });
    expect(outcomeOf(during.results, request.id)).toEqual([]);
    expect(await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "pending",
      leaseOwner: "dead-worker",
    });

    // The lease expires; the next worker completes it.
    await app.db.$executeRawUnsafe(
      `UPDATE "LgpdRequest" SET "leaseUntil" = now() - interval '1 second' WHERE id = ${request.id}`,
    );
    const after = await processDueRequests({ owner: "live-worker", limit: 100 });
    const expected = { documents: 2, observations: 2, attachments: 2, history: 2 };
    expect(outcomeOf(after.results, request.id)).toEqual([{ id: request.id, outcome: "done", deleted: expected }]);
    const done = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });

    // The dead worker "wakes up" with its old claim: the lease guard stops it; nothing changes.
    expect(await processClaimed(mine, { owner: "dead-worker", session })).toEqual({ id: request.id, outcome: "lost" });
    expect(await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } })).toEqual(done);
    expect(done).toMatchObject({
      status: "done",
      attempts: 1,
      details: expect.objectContaining({ deleted: expected }),
    });
  });
});

describe.skipIf(!onPostgres)("on PostgreSQL with several workers", () => {
  /** `tsx <script>` (the CLI relays signals to its node child), or node itself with tsx's loader when `direct`. */
  function tsx(script: string, args: string[], env: Record<string, string>, direct = false): ChildProcess {
    const [command, commandArgs] = direct
      ? [process.execPath, ["--import", "tsx", script, ...args]]
      : [path.join(ROOT, "node_modules/.bin/tsx"), [script, ...args]];
    return spawn(command, commandArgs, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL!, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
  }
  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once("exit", (code) => resolve(code));
    });

  async function seedRequests(count: number, firstBase: number) {
    const requests: { id: number; digits: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const digits = cpfFromBase(firstBase + i * 7);
      await insertDocument(app.db, main, i % 2 ? digits : formatCpf(digits), { observations: 1, history: 1 });
      requests.push({ id: (await requestDeletionOverHttp(digits)).id, digits });
    }
    return requests;
  }

  async function expectAllDoneOnce(requests: { id: number }[]) {
    const rows = await app.db.lgpdRequest.findMany({ where: { id: { in: requests.map((r) => r.id) } } });
    expect(rows).toHaveLength(requests.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "done",
        attempts: 1,
        cpfPending: null,
        details: expect.objectContaining({ deleted: { documents: 1, observations: 1, attachments: 0, history: 1 } }),
      });
    }
  }

  it("a worker process SIGKILLed inside the deletion transaction: nothing is lost, the request completes once", async () => {
    const digits = cpfFromBase(135792468);
    const docs = [
      await insertDocument(app.db, main, digits, { observations: 2, attachments: 1, history: 2 }),
      await insertDocument(app.db, main, formatCpf(digits), { attachments: 1 }),
    ];
    const request = await requestDeletionOverHttp(formatCpf(digits));
    expect(await app.db.lgpdRequest.count({ where: { status: "pending", notBefore: { lte: new Date() } } })).toBe(1);

    // Spawned as node itself, so SIGKILL hits the process that holds the open transaction.
    const child = tsx("tests/helpers/lgpd-crash-worker.ts", ["crashing-worker"], {}, true);
    const expected = { documents: 2, observations: 2, attachments: 2, history: 2 };
    const docIds = docs.map((doc) => doc.id);
    try {
      const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
      const report = JSON.parse(String(first.value)) as { id: number; deleted: Record<string, number> };
      expect(report).toEqual({ id: request.id, deleted: expected });
      // Deleted inside its open transaction, not committed: everyone else still sees the data.
      expect(await remaining(app.db, docIds)).toEqual(expected);
    } finally {
      child.kill("SIGKILL");
      await exited(child);
    }

    expect(await remaining(app.db, docIds)).toEqual(expected);
    expect(await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "pending",
      leaseOwner: "crashing-worker",
      cpfPending: digits,
    });
    await app.db.$executeRawUnsafe(
      `UPDATE "LgpdRequest" SET "leaseUntil" = now() - interval '1 second' WHERE id = ${request.id}`,
    );
    // The server notices the dead connection at once, but give its rollback a moment before asserting.
    let outcome: ProcessOutcome[] = [];
    for (let i = 0; i < 50 && outcome.length === 0; i += 1) {
      outcome = outcomeOf((await processDueRequests({ owner: "survivor", limit: 10 })).results, request.id);
      if (outcome.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(outcome).toEqual([{ id: request.id, outcome: "done", deleted: expected }]);
    expect(await remaining(app.db, docIds)).toEqual({
      documents: 0,
      observations: 0,
      attachments: 0,
      history: 0,
    });
  });

  it.each([
    ["normal leases", 300],
    ["leases that expire at once (every claim can be stolen)", 0],
  ])(
    "two workers with separate pools racing over many requests never process one twice (%s)",
    async (_label, leaseSeconds) => {
      const requests = await seedRequests(40, leaseSeconds ? 100_000_000 : 200_000_000);
      const pg = (await import("pg")).default;
      const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 }));
      try {
        const work = async (workerSession: SqlSession, owner: string) => {
          const outcomes: ProcessOutcome[] = [];
          for (let idle = 0; idle < 3;) {
            const { results } = await processDueRequests({
              owner,
              limit: 3,
              session: workerSession,
              settings: { leaseSeconds },
            });
            outcomes.push(...results);
            idle = results.length ? 0 : idle + 1;
          }
          return outcomes;
        };
        const [a, b] = await Promise.all([
          work(poolSession(pools[0]!), "pool-a"),
          work(poolSession(pools[1]!), "pool-b"),
        ]);
        const done = [...a!, ...b!].filter((result) => result.outcome === "done").map((result) => result.id);
        expect(done.sort((x, y) => x - y)).toEqual(requests.map((r) => r.id).sort((x, y) => x - y));
        expect(new Set(done).size).toBe(done.length);
        expect([...a!, ...b!].filter((result) => result.outcome !== "done" && result.outcome !== "lost")).toEqual([]);
        if (leaseSeconds > 0) expect([...a!, ...b!].filter((result) => result.outcome === "lost")).toEqual([]);
        await expectAllDoneOnce(requests);
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    },
  );

  it("two `npm run worker` processes share the work, each request once, and stop gracefully on SIGTERM", async () => {
    const requests = await seedRequests(24, 300_000_000);
    const env = { LOG_LEVEL: "info", LGPD_POLL_SECONDS: "0.2", LGPD_BATCH_SIZE: "2", DATABASE_POOL_SIZE: "3" };
    const workers = [tsx("scripts/worker.ts", [], env), tsx("scripts/worker.ts", [], env)];
    const logs = workers.map((child) => {
      const lines: Record<string, unknown>[] = [];
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (line.startsWith("{")) lines.push(JSON.parse(line) as Record<string, unknown>);
      });
      return lines;
    });
    try {
      const deadline = Date.now() + 45_000;
      while (Date.now() < deadline) {
        const pending = await app.db.lgpdRequest.count({
          where: { id: { in: requests.map((r) => r.id) }, status: "pending" },
        });
        if (pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await expectAllDoneOnce(requests);
    } finally {
      for (const child of workers) child.kill("SIGTERM");
    }
    expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
    const processed = logs.flatMap((lines) =>
      lines.filter((line) => line.event === "lgpd.processed").map((line) => line.lgpd_request_id as number),
    );
    expect(processed.sort((x, y) => x - y)).toEqual(requests.map((r) => r.id).sort((x, y) => x - y));
    for (const lines of logs) {
      expect(lines.map((line) => line.event)).toEqual(
        expect.arrayContaining(["lgpd.loop_started", "lgpd.loop_stopped"]),
      );
      // Worker logs carry ids and counts only.
      const text = JSON.stringify(lines);
      for (const { digits } of requests) expect(text).not.toContain(digits);
    }
  });
});
