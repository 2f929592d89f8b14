// A PostgreSQL outage answered 500 "Unexpected error". The app reaches PostgreSQL
// through a TCP proxy this test controls (the shared cluster is never stopped): while the proxy refuses connections,
// every route answers 503 with Retry-After quickly (the LGPD route in its own shape), and service resumes by itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let app: TestApp;
let fx: InstanceFixture;
let proxy: TcpProxy;
let lgpdKey: string;

beforeAll(async () => {
  if (!onPostgres) return;
  app = await startTestApp({
    connectThrough: async (url) => {
      proxy = await startTcpProxy(url);
      return proxy.url;
    },
  });
  fx = await createInstanceFixture(app.db, "default");
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
});
afterAll(async () => {
  await proxy?.up().catch(() => {});
  await app?.close();
  await proxy?.close();
});

async function timed(route: string, body: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await app.post(route, body, { token: fx.tokens.staff, headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, any>,
    retryAfter: response.headers.get("retry-after"),
    ms: performance.now() - started,
  };
}

describe.runIf(onPostgres)("PostgreSQL unreachable", () => {
  it("answers 503 with Retry-After at once while it is down, and recovers by itself", async () => {
    const created = await timed("document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "111.444.777-35",
    });
    expect(created.status).toBe(200);

    await proxy.down();
    const answers = [
      await timed("document/loadById", { id: created.body.id }),
      await timed("document/updateById", { id: created.body.id, name: "x" }),
      await timed("document/create", { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "1" }),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body.status).toBe("error");
      expect(answer.body.error).toMatch(/^ServiceUnavailable: /);
      expect(answer.ms).toBeLessThan(2_000); // refused connections fail at once, no waiting for a timeout
    }
    const lgpd = await timed(`lgpd/${fx.slug}/request`, { cpf: "111.444.777-35" }, { "x-api-key": lgpdKey });
    expect(lgpd.status).toBe(503);
    expect(lgpd.body).toEqual({ status: "error", message: "Service unavailable" });
    expect(Number(lgpd.retryAfter)).toBeGreaterThan(0);
    console.log(
      `[outage] 503 after ${answers.map((a) => Math.round(a.ms)).join(", ")} ms; LGPD ${Math.round(lgpd.ms)} ms`,
    );

    await proxy.up();
    const recovered = await timed("document/loadById", { id: created.body.id });
    expect(recovered.status).toBe(200);
    expect(recovered.body.id).toBe(created.body.id);
  });
});
