// GET /api/health, /api/ready and /api/metrics over real HTTP on both databases: readiness goes 503 when a migration
// is missing or the LGPD queue is stuck, and the metrics' numbers move with the traffic that produced them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, createLgpdInstance, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fixture: InstanceFixture;
let lgpd: LgpdInstance;

beforeAll(async () => {
  app = await startTestApp();
  fixture = await createInstanceFixture(app.db, "default");
  lgpd = await createLgpdInstance(app.db, "outra");
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.READY_MAX_PENDING_SECONDS;
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
});

const get = (path: string, token?: string) =>
  fetch(`${app.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function ready() {
  const response = await get("/api/ready");
  return { status: response.status, body: await response.json() };
}

/** The value of one sample line of a scrape (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",");
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe("GET /api/health", () => {
  it("answers 200 JSON without authentication", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(Object.keys(body).sort()).toEqual(["status", "uptime_seconds"]);
  });
});

describe("GET /api/ready", () => {
  it("is ready on a migrated database with a moving queue", async () => {
    const { status, body } = await ready();
    expect(body.checks).toEqual({ database: "ok", migrations: "ok", lgpd_queue: "ok", shutting_down: false });
    expect(status).toBe(200);
    expect(body.status).toBe("ready");
  });

  it("answers 503 while a migration is not applied, naming it", async () => {
    const [last] = await app.db.$queryRawUnsafe<Array<{ migration_name: string }>>(
      `DELETE FROM _prisma_migrations WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)
       RETURNING migration_name`,
    );
    try {
      process.env.METRICS_TOKEN = "metrics-secret-token"; // names are for the operator only
      const response = await get("/api/ready", "metrics-secret-token");
      const body = await response.json();
      expect(response.status).toBe(503);
      expect(body.checks.migrations).toBe("pending");
      expect(body.pending_migrations).toEqual([last!.migration_name]);
    } finally {
      await app.db.$executeRawUnsafe(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES (gen_random_uuid()::text, 'restored-by-test', $1, now(), 1)`,
        last!.migration_name,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 when the oldest pending LGPD request is older than READY_MAX_PENDING_SECONDS", async () => {
    const request = await app.db.lgpdRequest.create({
      data: {
        instanceId: lgpd.instanceId,
        cpfHash: "ready-test",
        cpfMasked: "***.***.***-**",
        pendingKey: "ready-test",
        requestedAt: new Date(Date.now() - 120_000),
        notBefore: new Date(Date.now() + 3_600_000), // not due: the worker will not take it during the test
      },
    });
    try {
      process.env.READY_MAX_PENDING_SECONDS = "60";
      const stuck = await ready();
      expect(stuck.status).toBe(503);
      expect(stuck.body.checks.lgpd_queue).toBe("stuck");
      process.env.METRICS_TOKEN = "metrics-secret-token";
      const detailed = await (await get("/api/ready", "metrics-secret-token")).json();
      expect(detailed.oldest_pending_lgpd_seconds).toBeGreaterThanOrEqual(120);
      expect(JSON.stringify(stuck.body)).not.toContain("ready-test");
      process.env.READY_MAX_PENDING_SECONDS = "600";
      expect((await ready()).status).toBe(200);
    } finally {
      await app.db.lgpdRequest.delete({ where: { id: request.id } });
    }
  });
});

describe("GET /api/ready and the officer's review", () => {
  const pendingRow = (key: string, fields: { review: string; reviewedAt?: Date }) =>
    app.db.lgpdRequest.create({
      data: {
        instanceId: lgpd.instanceId,
        cpfHash: key,
        cpfMasked: "***.***.***-**",
        pendingKey: key,
        requestedAt: new Date(Date.now() - 7_200_000),
        notBefore: new Date(Date.now() - 7_200_000),
        ...fields,
      },
    });

  it("a deletion awaiting the officer's review is not a stuck queue, however long it waits", async () => {
    // Two hours waiting for a person's decision; the worker may not take it (processor.ts), so nothing is stuck.
    const awaiting = await pendingRow("ready-awaiting", { review: "awaiting" });
    try {
      process.env.READY_MAX_PENDING_SECONDS = "60";
      const answer = await ready();
      // Before: 503 lgpd_queue "stuck" on every server, for every tenant.
      expect(answer.body.checks.lgpd_queue).toBe("ok");
      expect(answer.status).toBe(200);
    } finally {
      await app.db.lgpdRequest.delete({ where: { id: awaiting.id } });
    }
  });

  it("an approved deletion counts from its approval: stuck only when the worker has not taken it since", async () => {
    const approved = await pendingRow("ready-approved", {
      review: "approved",
      reviewedAt: new Date(Date.now() - 20_000),
    });
    try {
      process.env.READY_MAX_PENDING_SECONDS = "60";
      expect((await ready()).status).toBe(200);
      await app.db.lgpdRequest.update({
        where: { id: approved.id },
        data: { reviewedAt: new Date(Date.now() - 120_000) },
      });
      const stuck = await ready();
      expect(stuck.status).toBe(503);
      expect(stuck.body.checks.lgpd_queue).toBe("stuck");
    } finally {
      await app.db.lgpdRequest.delete({ where: { id: approved.id } });
    }
  });
});

describe("GET /api/metrics", () => {
  it("is off without METRICS_TOKEN and needs that token when on", async () => {
    expect((await get("/api/metrics")).status).toBe(404);
    process.env.METRICS_TOKEN = "metrics-secret-token";
    expect((await get("/api/metrics")).status).toBe(401);
    const wrong = await get("/api/metrics", "metrics-secret-tokem");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status: "error" });
    const right = await get("/api/metrics", "metrics-secret-token");
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("moves with requests, sign-in failures, rate-limit refusals, the LGPD queue and deletions", async () => {
    process.env.METRICS_TOKEN = "metrics-secret-token";
    const scrape = async () => (await get("/api/metrics", "metrics-secret-token")).text();
    const route = { method: "POST", route: "/api/status/loadAll", status: "200" };
    const before = await scrape();

    for (let i = 0; i < 3; i += 1)
      expect((await app.post("status/loadAll", {}, { token: fixture.tokens.viewer })).status).toBe(200);
    const wrongPassword = await app.post("auth/token", { email: "nobody@example.com", password: "wrong-password-1" });
    expect(wrongPassword.status).toBe(401);
    process.env.API_RATE_LIMIT_PER_MINUTE = "1";
    const limited = await app.post("product/loadAll", {}, { token: fixture.tokens.staff });
    const limitedAgain = await app.post("product/loadAll", {}, { token: fixture.tokens.staff });
    expect([limited.status, limitedAgain.status]).toContain(429);
    delete process.env.API_RATE_LIMIT_PER_MINUTE;
    const requested = await fetch(`${app.baseUrl}/api/lgpd/${lgpd.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": lgpd.key },
      body: JSON.stringify({ cpf: cpfFromBase(424_242) }),
    });
    expect(requested.status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the pending request ages

    const during = await scrape();
    expect(
      sample(during, "docflow_http_requests_total", route) - sample(before, "docflow_http_requests_total", route),
    ).toBe(3);
    expect(
      sample(during, "docflow_http_request_duration_seconds_count", route) -
        sample(before, "docflow_http_request_duration_seconds_count", route),
    ).toBe(3);
    expect(sample(during, "docflow_http_request_duration_seconds_sum", route)).toBeGreaterThan(
      sample(before, "docflow_http_request_duration_seconds_sum", route),
    );
    expect(sample(during, "docflow_sign_in_failures_total", { reason: "invalid" })).toBe(
      sample(before, "docflow_sign_in_failures_total", { reason: "invalid" }) + 1,
    );
    expect(sample(during, "docflow_rate_limit_refusals_total", { limiter: "api" })).toBeGreaterThan(
      sample(before, "docflow_rate_limit_refusals_total", { limiter: "api" }),
    );
    expect(sample(during, "docflow_lgpd_requests", { status: "pending" })).toBe(
      sample(before, "docflow_lgpd_requests", { status: "pending" }) + 1,
    );
    expect(sample(during, "docflow_lgpd_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(1);
    if (app.databaseKind === "postgres") {
      expect(during).toMatch(/^docflow_db_pool_connections\{state="idle"\} \d+$/m);
      expect(during).toMatch(/^docflow_db_pool_connections\{state="waiting"\} 0$/m);
    }

    const { results } = await processDueRequests({ owner: "metrics-test", limit: 10 });
    expect(results.map((result) => result.outcome)).toEqual(["not_found"]);
    const after = await scrape();
    expect(sample(after, "docflow_lgpd_deletion_duration_seconds_count", { outcome: "not_found" })).toBe(
      sample(during, "docflow_lgpd_deletion_duration_seconds_count", { outcome: "not_found" }) + 1,
    );
    expect(sample(after, "docflow_lgpd_requests", { status: "pending" })).toBe(
      sample(during, "docflow_lgpd_requests", { status: "pending" }) - 1,
    );
    expect(sample(after, "docflow_lgpd_oldest_pending_age_seconds")).toBe(0);
    // No personal data in the labels: the LGPD route is a template.
    expect(after).not.toContain(cpfFromBase(424_242));
  });
});
