import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  for (const role of ["staff", "viewer"] as const) {
    await app.db.user.create({
      data: {
        instanceId: fx.instanceId,
        email: `${role}@session.test`,
        name: role,
        role,
        passwordHash: await hashTestPassword(`${role}-password-123`),
      },
    });
  }
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

/** Signs in through next-auth's credentials endpoint, as the sign-in page does, and returns the cookie header. */
async function signIn(email: string, password: string): Promise<string> {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const cookies = [...csrfCookies, ...response.headers.getSetCookie().map((cookie) => cookie.split(";")[0])];
  const session = cookies.find((cookie) => cookie?.startsWith("next-auth.session-token="));
  expect(session, "session cookie").toBeTruthy();
  return cookies.join("; ");
}

describe("the staff session on the public API routes", () => {
  it("reads with the session cookie and changes only with a same-origin Origin", async () => {
    const cookie = await signIn("staff@session.test", "staff-password-123");
    const origin = new URL(app.baseUrl).origin;
    const body = { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09" };

    const created = await app.post("document/create", body, { headers: { cookie, origin } });
    expect(created.status).toBe(200);
    const document = await created.json();
    const history = await app.db.documentHistory.findFirst({ where: { documentId: document.id } });
    expect(history).toMatchObject({ actorType: "user", actorLabel: "staff@session.test" });

    const crossSite = await app.post("document/create", body, {
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await app.post("document/create", body, { headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    expect(await app.db.document.count()).toBe(1);

    const read = await app.post("document/loadById", { id: document.id }, { headers: { cookie, origin } });
    expect(read.status).toBe(200);
  });

  it("reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), as it does the client's address", async () => {
    const cookie = await signIn("staff@session.test", "staff-password-123");
    const body = { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "111.444.777-35" };
    const before = await app.db.document.count();
    // Another site's page names its own host in X-Forwarded-Host (one header away from a bypass).
    const forged = await app.post("document/create", body, {
      headers: { cookie, origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    });
    // Before: 200, the document created from another origin.
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toMatch(/^Forbidden: /);
    expect(await app.db.document.count()).toBe(before);

    // Behind a trusted proxy, the public host is the one the proxy reports.
    process.env.TRUST_PROXY = "1";
    const proxied = await app.post("document/create", body, {
      headers: { cookie, origin: "https://docflow.example.com", "x-forwarded-host": "docflow.example.com" },
    });
    expect(proxied.status).toBe(200);
    const otherHost = await app.post("document/create", body, {
      headers: { cookie, origin: new URL(app.baseUrl).origin, "x-forwarded-host": "docflow.example.com" },
    });
    expect(otherHost.status).toBe(403);
  });

  it("lets a viewer read but not change anything", async () => {
    const cookie = await signIn("viewer@session.test", "viewer-password-123");
    const origin = new URL(app.baseUrl).origin;
    const list = await app.post("status/loadAll", {}, { headers: { cookie, origin } });
    expect(list.status).toBe(200);
    const denied = await app.post(
      "document/create",
      { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "1" },
      { headers: { cookie, origin } },
    );
    expect(denied.status).toBe(403);
    expect((await denied.json()).error).toMatch(/^Forbidden: /);
  });

  it("ends the session when the user is disabled", async () => {
    const cookie = await signIn("staff@session.test", "staff-password-123");
    const origin = new URL(app.baseUrl).origin;
    expect((await app.post("status/loadAll", {}, { headers: { cookie, origin } })).status).toBe(200);
    await app.db.user.update({ where: { email: "staff@session.test" }, data: { disabled: true } });
    try {
      expect((await app.post("status/loadAll", {}, { headers: { cookie, origin } })).status).toBe(401);
    } finally {
      await app.db.user.update({ where: { email: "staff@session.test" }, data: { disabled: false } });
    }
  });
});
