// The sign-in of the original's clients (POST /api/cognito/user/signIn) over real HTTP: the SDK signs in
// before every call, so a repeat of a good sign-in reuses the live token without a password hash — dropped on a
// password change, disable or role change made anywhere (here: straight in the database, as another app server or the
// CLI would) — while every brake on password guessing of /api/auth/token holds exactly as before. And the SDK's pattern
// (sign in, call; 10 a second from one address) meets no 429 and costs under 1 ms of password work per call, measured
// by the server's own password-work counters (/api/metrics). COMPAT_SDK_SECONDS sets that run's length (default 5;
// .ci/run: 30).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { THROTTLE_LIMITS } from "@/lib/auth/server/sign-in-throttle.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { postFrom as rawPostFrom, withinOneWindow } from "./helpers/post-from.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
const METRICS_TOKEN = "compat-sign-in-metrics";
const PASSWORD = "integrator password 16";
// Password checks are scrypt: on a busy shared machine 20 of them take longer than vitest's default minute.
const SLOW_MS = 240_000;
const SDK_SECONDS = Number(process.env.COMPAT_SDK_SECONDS) > 0 ? Number(process.env.COMPAT_SDK_SECONDS) : 5;

const json = (value: unknown) => JSON.stringify(value);
const postFrom = (from: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
  rawPostFrom(app.baseUrl, from, `/api/${route}`, json(body), headers);

async function signIn(from: string, email: string, password = PASSWORD) {
  const answer = await postFrom(from, "cognito/user/signIn", { email, password });
  return { status: answer.status, body: JSON.parse(answer.text), headers: answer.headers };
}

async function createUser(email: string, role: "admin" | "staff" | "viewer" = "staff") {
  return app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email,
      name: email.split("@")[0]!,
      role,
      passwordHash: await hashTestPassword(PASSWORD),
    },
  });
}

/** The server's password-work counters: how many scrypt checks ran and how long they took (nothing personal). */
async function passwordWork(): Promise<{ checks: number; seconds: number }> {
  const text = await (await app.get("metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return {
    checks: value("docflow_password_verifications_total"),
    seconds: value("docflow_password_verification_seconds_total"),
  };
}

beforeAll(async () => {
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  // Changes made straight in the database must show on the very next request (the bearer cache would delay a
  // disabled user's token by up to API_AUTH_CACHE_MS; the sign-in reuse itself re-reads the user every time).
  process.env.API_AUTH_CACHE_MS = "0";
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await app?.close();
});

describe("POST /api/cognito/user/signIn", () => {
  it(
    "reuses the live token for a repeat of a good sign-in, without a password hash",
    async () => {
      await createUser("reuse@example.com");
      const first = await signIn("127.0.16.1", "reuse@example.com");
      expect(first.status).toBe(200);
      const before = await passwordWork();
      const again = await signIn("127.0.16.1", "Reuse@Example.com ");
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await passwordWork()).checks).toBe(before.checks);
      // Our own /api/auth/token keeps its ISO answer and its own token.
      const own = await postFrom("127.0.16.1", "auth/token", { email: "reuse@example.com", password: PASSWORD });
      expect(JSON.parse(own.text).expiration).toMatch(/Z$/);
    },
    SLOW_MS,
  );

  it(
    "a password change, disable or role change made elsewhere drops the remembered sign-in",
    async () => {
      const user = await createUser("change@example.com");
      const first = (await signIn("127.0.16.2", "change@example.com")).body;

      await app.db.user.update({ where: { id: user.id }, data: { role: "admin" } });
      const afterRole = await signIn("127.0.16.2", "change@example.com");
      expect(afterRole.status).toBe(200);
      expect(afterRole.body.token).not.toBe(first.token);

      await app.db.user.update({
        where: { id: user.id },
        data: { passwordHash: await hashTestPassword("a brand new password") },
      });
      expect((await signIn("127.0.16.2", "change@example.com")).status).toBe(401);
      const withNew = await signIn("127.0.16.2", "change@example.com", "a brand new password");
      expect(withNew.status).toBe(200);

      await app.db.user.update({ where: { id: user.id }, data: { disabled: true } });
      expect((await signIn("127.0.16.2", "change@example.com", "a brand new password")).status).toBe(401);
      expect((await app.post("product/loadAll", {}, { token: withNew.body.token })).status).toBe(401);
    },
    SLOW_MS,
  );

  it(
    "a revoked token is not handed out again",
    async () => {
      await createUser("revoked@example.com");
      const first = (await signIn("127.0.16.3", "revoked@example.com")).body;
      await app.db.apiToken.updateMany({
        where: { user: { email: "revoked@example.com" } },
        data: { revokedAt: new Date() },
      });
      const again = await signIn("127.0.16.3", "revoked@example.com");
      expect(again.status).toBe(200);
      expect(again.body.token).not.toBe(first.token);
    },
    SLOW_MS,
  );

  it(
    "brake 1: failures lock the e-mail (5 in 15 minutes): then even the right, remembered password is refused",
    async () => {
      await createUser("guessed@example.com");
      expect((await signIn("127.0.16.4", "guessed@example.com")).status).toBe(200);
      for (let attempt = 1; attempt <= THROTTLE_LIMITS.email; attempt += 1) {
        // Several addresses, so only the e-mail's counter reaches its limit.
        const wrong = await signIn(`127.0.17.${attempt}`, "guessed@example.com", `guess number ${attempt}`);
        expect(wrong.status, `attempt ${attempt}`).toBe(401);
      }
      const locked = await signIn("127.0.16.4", "guessed@example.com");
      expect(locked.status).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      expect(locked.body.error).toMatch(/^TooManyRequests: /);
    },
    SLOW_MS,
  );

  it(
    "brake 2: failures lock the address (20 in 15 minutes), whatever e-mails it tries",
    async () => {
      await createUser("victim@example.com");
      for (let attempt = 1; attempt <= THROTTLE_LIMITS.address; attempt += 1) {
        expect((await signIn("127.0.16.5", `nobody${attempt}@example.com`, "guess")).status, `attempt ${attempt}`).toBe(
          401,
        );
      }
      expect((await signIn("127.0.16.5", "victim@example.com")).status).toBe(429);
      // The same user from elsewhere is fine: the lock is the address's.
      expect((await signIn("127.0.16.6", "victim@example.com")).status).toBe(200);
    },
    SLOW_MS,
  );

  it(
    "brake 3: password checks from one address share /api/auth/token's 60 a minute; remembered sign-ins do not count",
    async () => {
      await createUser("flood@example.com");
      await createUser("flood2@example.com");
      await withinOneWindow(20_000);
      expect((await signIn("127.0.16.7", "flood@example.com")).status).toBe(200);
      // 59 more password checks' worth of the shared bucket, cheaply (auth/token counts before reading the body).
      for (let n = 0; n < 59; n += 1) {
        expect((await postFrom("127.0.16.7", "auth/token", {})).status).toBe(400);
      }
      const fresh = await signIn("127.0.16.7", "flood2@example.com");
      expect(fresh.status).toBe(429);
      expect(fresh.body.error).toMatch(/^TooManyRequests: /);
      expect((await signIn("127.0.16.7", "flood@example.com")).status).toBe(200);
    },
    SLOW_MS,
  );

  it(
    `the SDK's pattern, sign in before every call at 10 calls/s for ${SDK_SECONDS} s from one address: no 429, < 1 ms of password work a call`,
    async () => {
      await createUser("sdk@example.com");
      const document = await app.post(
        "document/create",
        {
          status_id: fx.statusIds["Novo"],
          product_id: fx.productId,
          cpf: "52998224725",
          source: "",
          filled_columns: null,
        },
        { token: fx.tokens.staff },
      );
      const id = (await document.json()).id;
      // The integrator's first sign-in pays one full password check; the run measures the steady state after it (the
      // log line also gives the figure with that first check spread over the run).
      const start = await passwordWork();
      expect((await signIn("127.0.16.8", "sdk@example.com")).status).toBe(200);
      const before = await passwordWork();
      const statuses: Record<string, number> = {};
      const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
      const calls = SDK_SECONDS * 10;
      const started = Date.now();
      for (let n = 0; n < calls; n += 1) {
        // Paced at 10 a second (each call starts on its slot), as the SDK's integrator would call.
        const wait = started + n * 100 - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const signed = await signIn("127.0.16.8", "sdk@example.com");
        count(signed.status);
        if (signed.status !== 200) continue;
        const read = await postFrom(
          "127.0.16.8",
          "document/loadById",
          { id },
          { authorization: `Bearer ${signed.body.token}` },
        );
        count(read.status);
      }
      const after = await passwordWork();
      const perCallMs = ((after.seconds - before.seconds) * 1000) / calls;
      const withFirstMs = ((after.seconds - start.seconds) * 1000) / (calls + 1);
      console.info(
        `compat sign-in: ${calls} sign-ins + ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
          `answers ${JSON.stringify(statuses)}, password checks ${after.checks - before.checks}, ` +
          `password work ${perCallMs.toFixed(3)} ms per call on average (${withFirstMs.toFixed(3)} ms counting the first sign-in)`,
      );
      expect(statuses).toEqual({ 200: calls * 2 });
      expect(after.checks - before.checks).toBe(0);
      expect(perCallMs).toBeLessThan(1);
    },
    SLOW_MS + SDK_SECONDS * 2000,
  );
});
