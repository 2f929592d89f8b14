// POST /api/auth/token over real HTTP: token shape and use, refusals, sign-in throttling, expiry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromBearer } from "@/lib/auth/server/api-tokens.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { hashSecret } from "@/lib/auth/server/secrets.ts";
import { THROTTLE_LIMITS } from "@/lib/auth/server/sign-in-throttle.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fixture: InstanceFixture;
const PASSWORD = "correct horse battery";

async function createUser(email: string, role: "admin" | "staff" | "viewer", extra: { disabled?: boolean } = {}) {
  return app.db.user.create({
    data: {
      instanceId: fixture.instanceId,
      email,
      name: email.split("@")[0]!,
      role,
      passwordHash: await hashTestPassword(PASSWORD),
      ...extra,
    },
  });
}

/**
 * Each test uses its own client address so the per-address counter of one test does not leak into another. The
 * address travels in X-Forwarded-For as a trusted proxy would append it (TRUST_PROXY=1, set in beforeAll).
 */
const signIn = (body: unknown, address: string) =>
  app.post("auth/token", body, { headers: { "x-forwarded-for": address } });

beforeAll(async () => {
  process.env.TRUST_PROXY = "1";
  // These tests change tokens and users straight in the database, as the CLI or another app server would, and
  // check the very next request; the token cache (tests/auth-cache.http.test.ts) delays that by up to API_AUTH_CACHE_MS.
  process.env.API_AUTH_CACHE_MS = "0";
  app = await startTestApp();
  fixture = await createInstanceFixture(app.db);
});
afterAll(async () => app?.close());

describe("POST /api/auth/token", () => {
  it("answers {token, expiration} for a staff user, and the token works as a bearer with the user's role", async () => {
    const user = await createUser("staff@example.com", "staff");
    const before = Date.now();
    const response = await signIn({ email: "Staff@Example.com ", password: PASSWORD }, "10.0.0.1");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["expiration", "token"]);
    expect(body.token).toMatch(/^dft_[\w-]{20,}$/);
    expect(body.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Default lifetime: 60 minutes.
    const lifetime = Date.parse(body.expiration) - before;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThan(61 * 60_000);

    const products = await app.post("product/loadAll", {}, { token: body.token });
    expect(products.status).toBe(200);
    const list = await products.json();
    expect(list.map((product: { id: number }) => product.id)).toEqual([fixture.productId]);

    const row = await app.db.apiToken.findUnique({ where: { tokenHash: hashSecret(body.token) } });
    expect(row).toMatchObject({ kind: "session", userId: user.id, role: "staff", instanceId: fixture.instanceId });
    expect(row?.lastUsedAt).not.toBeNull();
    // Only the hash is stored.
    expect(JSON.stringify(row)).not.toContain(body.token);
  });

  it("honours AUTH_TOKEN_TTL_MINUTES", async () => {
    await createUser("ttl@example.com", "viewer");
    process.env.AUTH_TOKEN_TTL_MINUTES = "5";
    try {
      const before = Date.now();
      const response = await signIn({ email: "ttl@example.com", password: PASSWORD }, "10.0.0.2");
      expect(response.status).toBe(200);
      const { expiration } = await response.json();
      expect(Date.parse(expiration) - before).toBeGreaterThan(4.9 * 60_000);
      expect(Date.parse(expiration) - before).toBeLessThan(5.1 * 60_000);
    } finally {
      delete process.env.AUTH_TOKEN_TTL_MINUTES;
    }
  });

  it("refuses a wrong password, an unknown e-mail and a disabled user with the same 401", async () => {
    await createUser("wrong@example.com", "staff");
    await createUser("disabled@example.com", "admin", { disabled: true });
    const attempts = [
      { email: "wrong@example.com", password: "not the password" },
      { email: "nobody@example.com", password: PASSWORD },
      { email: "disabled@example.com", password: PASSWORD },
    ];
    for (const attempt of attempts) {
      const response = await signIn(attempt, "10.0.0.3");
      expect(response.status, attempt.email).toBe(401);
      expect(await response.json()).toEqual({
        status: "error",
        message: "Invalid e-mail or password",
        error: "Unauthorized: Invalid e-mail or password",
        code: "unauthorized",
      });
    }
  });

  it("answers 400 with errors[] for a body without the fields, and 415 for a body that is not JSON", async () => {
    const missing = await signIn({ email: "a@example.com" }, "10.0.0.4");
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body).toMatchObject({ status: "error", error: expect.stringMatching(/^BadRequest: /) });
    expect(body.errors).toEqual([expect.objectContaining({ path: "password" })]);
    const notJson = await app.post("auth/token", "email=a", { headers: { "content-type": "text/plain" } });
    expect(notJson.status).toBe(415);
  });

  it("locks an e-mail after repeated failures: 429 with Retry-After, even with the right password", async () => {
    await createUser("target@example.com", "staff");
    for (let attempt = 1; attempt <= THROTTLE_LIMITS.email; attempt += 1) {
      // A different address each time: this is the per-e-mail counter.
      const response = await signIn({ email: "target@example.com", password: `guess ${attempt}` }, `10.1.0.${attempt}`);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await signIn({ email: "target@example.com", password: PASSWORD }, "10.1.1.1");
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await locked.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^TooManyRequests: /) });

    // The lock is in the database (shared by every server); once it has passed the right password works again,
    // and one more failure in the window locks for twice as long.
    const key = await app.db.signInThrottle.findMany({
      where: { key: { startsWith: "email:" }, lockedUntil: { not: null } },
    });
    expect(key).toHaveLength(1);
    expect(key[0]!.key).not.toContain("target");
    await app.db.signInThrottle.update({
      where: { key: key[0]!.key },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    const again = await signIn({ email: "target@example.com", password: "guess 6" }, "10.1.2.1");
    expect(again.status).toBe(401);
    const longer = await signIn({ email: "target@example.com", password: PASSWORD }, "10.1.2.2");
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("locks a client address after repeated failures on many e-mails", async () => {
    for (let attempt = 1; attempt <= THROTTLE_LIMITS.address; attempt += 1) {
      const response = await signIn({ email: `spray${attempt}@example.com`, password: "guess" }, "10.2.0.1");
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    await createUser("innocent@example.com", "viewer");
    const fromThatAddress = await signIn({ email: "innocent@example.com", password: PASSWORD }, "10.2.0.1");
    expect(fromThatAddress.status).toBe(429);
    const fromElsewhere = await signIn({ email: "innocent@example.com", password: PASSWORD }, "10.2.0.2");
    expect(fromElsewhere.status).toBe(200);
    // 22 password hashes one after another (each failure hashes a decoy): ~2 s on a quiet machine, over 60 s on two
    // loaded cores (seen when two suites ran at once).
  }, 180_000);

  it("refuses an expired token, and a token of a user disabled after it was issued", async () => {
    const user = await createUser("expiring@example.com", "staff");
    const first = await (await signIn({ email: "expiring@example.com", password: PASSWORD }, "10.3.0.1")).json();
    await app.db.apiToken.update({
      where: { tokenHash: hashSecret(first.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await app.post("product/loadAll", {}, { token: first.token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: expect.stringMatching(/^Unauthorized: /) });

    const second = await (await signIn({ email: "expiring@example.com", password: PASSWORD }, "10.3.0.1")).json();
    expect((await app.post("product/loadAll", {}, { token: second.token })).status).toBe(200);
    // Issuing a new token cleared the user's expired one.
    expect(await app.db.apiToken.count({ where: { tokenHash: hashSecret(first.token) } })).toBe(0);
    await app.db.user.update({ where: { id: user.id }, data: { disabled: true } });
    expect((await app.post("product/loadAll", {}, { token: second.token })).status).toBe(401);
  });

  it("follows the user's current role, and dies with the user's sessions", async () => {
    const user = await createUser("demoted@example.com", "admin");
    const { token } = await (await signIn({ email: "demoted@example.com", password: PASSWORD }, "10.4.0.1")).json();
    await app.db.user.update({ where: { id: user.id }, data: { role: "viewer" } });
    const row = await app.db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashSecret(token) } });
    expect(row.role).toBe("admin");
    expect(await actorFromBearer(token)).toMatchObject({
      type: "token",
      role: "viewer",
      userId: user.id,
      label: user.email,
    });
    expect((await app.post("product/loadAll", {}, { token })).status).toBe(200);
    await app.db.user.update({ where: { id: user.id }, data: { sessionsValidFrom: new Date(Date.now() + 1000) } });
    expect((await app.post("product/loadAll", {}, { token })).status).toBe(401);
  });
});
