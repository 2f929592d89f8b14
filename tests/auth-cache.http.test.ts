// Authentication without a database write per request: token lookups are cached in memory for API_AUTH_CACHE_MS,
// lastUsedAt is written at most once a minute, and a revocation takes effect at once on the server that made it and
// within the cache interval on another app server sharing the PostgreSQL database.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken, revokeApiToken } from "@/lib/auth/server/api-tokens.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { ROOT } from "./helpers/run-script.ts";
import { recordSql, type SqlRecorder } from "./helpers/sql-recorder.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const CACHE_MS = 1500;
let app: TestApp;
let fx: InstanceFixture;
let sql: SqlRecorder;

beforeAll(async () => {
  process.env.API_AUTH_CACHE_MS = String(CACHE_MS);
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  sql = await recordSql();
});
afterAll(async () => {
  delete process.env.API_AUTH_CACHE_MS;
  await app?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAll = (token: string, base = app.baseUrl) =>
  fetch(`${base}/api/status/loadAll`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
const tokenStatements = () => sql.statements().filter((text) => text.includes(`"ApiToken"`));

describe("token cache", () => {
  it("looks a token up once per interval, writes lastUsedAt at most once a minute", async () => {
    // A long interval first, so that five calls on a busy machine surely fall inside it.
    process.env.API_AUTH_CACHE_MS = "60000";
    const { id, token } = await createApiToken({ instanceId: fx.instanceId, name: "cache", role: "viewer" });
    sql.reset();
    for (let i = 0; i < 5; i += 1) expect(await loadAll(token)).toBe(200);
    expect(tokenStatements()).toHaveLength(1);
    expect((await app.db.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull();

    process.env.API_AUTH_CACHE_MS = String(CACHE_MS);
    const other = await createApiToken({ instanceId: fx.instanceId, name: "cache-short", role: "viewer" });
    expect(await loadAll(other.token)).toBe(200);
    const first = (await app.db.apiToken.findUniqueOrThrow({ where: { id: other.id } })).lastUsedAt;
    expect(first).not.toBeNull();
    await sleep(CACHE_MS + 100);
    sql.reset();
    expect(await loadAll(other.token)).toBe(200);
    expect(tokenStatements().length).toBeGreaterThanOrEqual(1); // looked up again after the interval …
    expect((await app.db.apiToken.findUniqueOrThrow({ where: { id: other.id } })).lastUsedAt).toEqual(first); // … not rewritten

    // Once lastUsedAt is more than a minute old, the next lookup refreshes it.
    await app.db.apiToken.update({ where: { id: other.id }, data: { lastUsedAt: new Date(Date.now() - 120_000) } });
    await sleep(CACHE_MS + 100);
    expect(await loadAll(other.token)).toBe(200);
    const refreshed = (await app.db.apiToken.findUniqueOrThrow({ where: { id: other.id } })).lastUsedAt!;
    expect(Date.now() - refreshed.getTime()).toBeLessThan(30_000);
  });

  it("revocation on this server is immediate; unknown tokens stay refused", async () => {
    const { id, token } = await createApiToken({ instanceId: fx.instanceId, name: "revoke-here", role: "viewer" });
    expect(await loadAll(token)).toBe(200);
    expect(await revokeApiToken(fx.instanceId, id)).toBe(true);
    expect(await loadAll(token)).toBe(401);
    expect(await loadAll("dft_unknown")).toBe(401);
    expect(await loadAll("dft_unknown")).toBe(401);
  });

  it("revocation on another app server takes effect here within the cache interval (PostgreSQL)", async (context) => {
    if (app.databaseKind !== "postgres") {
      context.skip("PGlite is one process: there is no second app server to share it with");
    }
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const other: ChildProcess = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: "ignore" },
    );
    const otherBase = `http://127.0.0.1:${port}`;
    try {
      const { id, token } = await createApiToken({ instanceId: fx.instanceId, name: "revoke-there", role: "viewer" });
      for (let attempt = 0; ; attempt += 1) {
        const status = await loadAll(token, otherBase).catch(() => 0);
        if (status === 200) break;
        if (attempt > 400) throw new Error("the second app server did not start");
        await sleep(250);
      }
      expect(await loadAll(token)).toBe(200);
      // Revoked through this server (the test process serves it); the other one has the token cached.
      expect(await revokeApiToken(fx.instanceId, id)).toBe(true);
      const revokedAt = Date.now();
      expect(await loadAll(token)).toBe(401);
      let status = 200;
      let lastAcceptedSentAt = revokedAt;
      while (status === 200 && Date.now() - revokedAt < CACHE_MS + 20_000) {
        const sentAt = Date.now();
        status = await loadAll(token, otherBase);
        if (status === 200) lastAcceptedSentAt = sentAt;
        if (status === 200) await sleep(50);
      }
      expect(status).toBe(401);
      // No request sent more than the cache interval after the revocation was accepted (request time on this busy
      // machine does not count: the other server's entry was filled before the revocation).
      expect(lastAcceptedSentAt - revokedAt).toBeLessThan(CACHE_MS);
    } finally {
      other.kill("SIGTERM");
      await new Promise((resolve) => other.once("exit", resolve));
    }
  });
});

describe("LGPD key last use", () => {
  const status = (key: string) =>
    fetch(`${app.baseUrl}/api/lgpd/default/status/52998224725`, { headers: { "x-api-key": key } }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
    );
  const lastUsedAt = async () =>
    (await app.db.lgpdKey.findUniqueOrThrow({ where: { instanceId: fx.instanceId } })).lastUsedAt;

  it("records a rotated key's first use even within a minute of the old key's", async () => {
    const { rotateLgpdKey } = await import("@/lib/lgpd/server/keys.ts");
    const first = await rotateLgpdKey(fx.instanceId);
    await sleep(CACHE_MS + 200); // the server's cache forgets the key row (the rotation ran in this process)
    expect(await status(first.key)).not.toBe(401);
    expect(await lastUsedAt()).not.toBeNull();

    const second = await rotateLgpdKey(fx.instanceId);
    expect(await lastUsedAt()).toBeNull();
    await sleep(CACHE_MS + 200);
    expect(await status(second.key)).not.toBe(401);
    expect(await lastUsedAt()).not.toBeNull();
  });
});
