// What the ops endpoints count and tell, over the built app on both databases:
// request metrics are labelled by the route's template only (random ids, a CPF in the path, unauthenticated 404s →
// one series per route) and nothing is counted while metrics are off; /api/ready fails only for LGPD requests past
// their due time (LGPD_DELAY_HOURS), and names migrations and queue ages only to a bearer of METRICS_TOKEN.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { createLgpdInstance, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpd: LgpdInstance;
const TOKEN = "metrics-secret-token";
const HOUR = 3_600_000;

beforeAll(async () => {
  delete process.env.METRICS_TOKEN;
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpd = await createLgpdInstance(app.db, "outra");
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.LGPD_DELAY_HOURS;
  delete process.env.READY_MAX_PENDING_SECONDS;
});

const get = (path: string, token?: string) =>
  fetch(`${app.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The `route` label of every docflow_http_requests_total series. */
async function routeSeries(): Promise<string[]> {
  const text = await (await get("/api/metrics", TOKEN)).text();
  return [...text.matchAll(/^docflow_http_requests_total\{[^}]*route="([^"]*)"/gm)].map((match) => match[1]!);
}

async function strayRequests(count: number) {
  for (let i = 0; i < count; i += 1) {
    const noise = `${Date.now().toString(36)}x${i}`;
    await get(`/api/documents/${noise}`);
    await get(`/api/documents/${noise}/history`, fx.tokens.viewer);
  }
  await get("/api/documents/123.456.789-09");
  await get("/api/documents/12345678909/history", fx.tokens.viewer);
}

describe("metric labels", () => {
  it("counts nothing while metrics are off", async () => {
    await strayRequests(20);
    process.env.METRICS_TOKEN = TOKEN;
    expect(await routeSeries()).toEqual([]);
  });

  it("labels by route template: random ids and a CPF in the path add no series", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    await strayRequests(75);
    const routes = await routeSeries();
    expect(new Set(routes)).toEqual(new Set(["/api/documents/{id}", "/api/documents/{id}/history"]));
    expect(routes.length).toBeLessThanOrEqual(6); // a few statuses per template, not one per request
    const text = await (await get("/api/metrics", TOKEN)).text();
    expect(text).not.toMatch(/123\.456\.789|12345678909/);
  });
});

describe("readiness", () => {
  async function withPendingRequest(requestedAgoMs: number, check: () => Promise<void>) {
    const request = await app.db.lgpdRequest.create({
      data: {
        instanceId: lgpd.instanceId,
        cpfHash: "exposure-test",
        cpfMasked: "***.***.***-**",
        pendingKey: "exposure-test",
        requestedAt: new Date(Date.now() - requestedAgoMs),
        notBefore: new Date(Date.now() + HOUR), // not taken by a worker during the test
      },
    });
    try {
      await check();
    } finally {
      await app.db.lgpdRequest.delete({ where: { id: request.id } });
    }
  }

  it("is ready while a request waits out LGPD_DELAY_HOURS, and fails once it is overdue", async () => {
    process.env.LGPD_DELAY_HOURS = "2";
    await withPendingRequest(90 * 60_000, async () => {
      const response = await get("/api/ready");
      expect(response.status).toBe(200);
    });
    await withPendingRequest(3.5 * HOUR, async () => {
      const response = await get("/api/ready");
      expect(response.status).toBe(503);
      expect((await response.json()).checks.lgpd_queue).toBe("stuck");
    });
  });

  it("names pending migrations and queue ages only to a bearer of METRICS_TOKEN", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const [last] = await app.db.$queryRawUnsafe<Array<{ migration_name: string }>>(
      `DELETE FROM _prisma_migrations WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)
       RETURNING migration_name`,
    );
    try {
      await withPendingRequest(10 * 60_000, async () => {
        const anonymous = await get("/api/ready");
        expect(anonymous.status).toBe(503);
        const publicBody = await anonymous.json();
        expect(publicBody.checks.migrations).toBe("pending");
        expect(publicBody).not.toHaveProperty("pending_migrations");
        expect(publicBody).not.toHaveProperty("oldest_pending_lgpd_seconds");
        expect(JSON.stringify(publicBody)).not.toContain(last!.migration_name);
        for (const token of [undefined, "wrong-token"]) {
          expect(JSON.stringify(await (await get("/api/ready", token)).json())).not.toContain(last!.migration_name);
        }
        const operator = await (await get("/api/ready", TOKEN)).json();
        expect(operator.pending_migrations).toEqual([last!.migration_name]);
        expect(operator.oldest_pending_lgpd_seconds).toBeGreaterThanOrEqual(600);
      });
    } finally {
      await app.db.$executeRawUnsafe(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES (gen_random_uuid()::text, 'restored-by-test', $1, now(), 1)`,
        last!.migration_name,
      );
    }
  });
});
