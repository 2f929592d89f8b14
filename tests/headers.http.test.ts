// Content-Security-Policy with per-answer nonces on pages, HSTS only over https (as the socket
// or a trusted proxy says), `Cache-Control: no-store` on every answer with personal data or secrets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { createLgpdInstance, cpfFromBase, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpd: LgpdInstance;
let documentId: number;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpd = await createLgpdInstance(app.db, "headers-lgpd");
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", name: "Ana", email: "a@x.br" },
    { token: fx.tokens.staff },
  );
  documentId = ((await created.json()) as { id: number }).id;
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("Content-Security-Policy", () => {
  it("a page carries a fresh nonce that Next puts on its own scripts; no inline script runs without it", async () => {
    const first = await fetch(`${app.baseUrl}/signin`);
    const second = await fetch(`${app.baseUrl}/signin`);
    expect(first.status).toBe(200);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("script-src 'self' 'nonce-");
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it("the proxy's own API answers forbid rendering anything; a route's own policy (downloads' sandbox) is kept", async () => {
    const unknown = await app.post("nope", {}, { token: fx.tokens.viewer });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("Strict-Transport-Security", () => {
  it("is absent over plain http, even when the client claims https without a trusted proxy", async () => {
    expect((await fetch(`${app.baseUrl}/signin`)).headers.get("strict-transport-security")).toBeNull();
    const claimed = await fetch(`${app.baseUrl}/signin`, { headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    expect(claimed.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("is sent, on pages and API answers, when a trusted proxy (TRUST_PROXY=1) says the client used https", async () => {
    process.env.TRUST_PROXY = "1";
    const page = await fetch(`${app.baseUrl}/signin`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const api = await app.post(
      "status/loadAll",
      {},
      { token: fx.tokens.viewer, headers: { "x-forwarded-proto": "https" } },
    );
    expect(api.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const http = await fetch(`${app.baseUrl}/signin`, { headers: { "x-forwarded-proto": "http" } });
    expect(http.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("Cache-Control: no-store on personal data and secrets", () => {
  const bearer = (role: "staff" | "admin" | "viewer") => ({ authorization: `Bearer ${fx.tokens[role]}` });

  const cases: Array<[string, () => Promise<Response>]> = [
    ["document/loadById", () => app.post("document/loadById", { id: documentId }, { token: fx.tokens.viewer })],
    [
      "document/loadByCPF",
      () => app.post("document/loadByCPF", { cpf: "123.456.789-09" }, { token: fx.tokens.viewer }),
    ],
    [
      "document/create",
      () =>
        app.post(
          "document/create",
          { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "1" },
          { token: fx.tokens.staff },
        ),
    ],
    [
      "document/updateById",
      () => app.post("document/updateById", { id: documentId, name: "Bia" }, { token: fx.tokens.staff }),
    ],
    ["history?personal=1", () => app.get(`documents/${documentId}/history?personal=1`, { headers: bearer("staff") })],
    ["documents/<id>/reveal", () => app.post(`documents/${documentId}/reveal`, "", { token: fx.tokens.staff })],
    [
      "documents/reveal-page",
      () => app.post("documents/reveal-page", { ids: [documentId] }, { token: fx.tokens.staff }),
    ],
    [
      "admin/tokens (create)",
      () => app.post("admin/tokens", { name: "cache-test", role: "viewer" }, { token: fx.tokens.admin }),
    ],
    ["admin/lgpd-key/rotate", () => app.post("admin/lgpd-key/rotate", {}, { token: fx.tokens.admin })],
    ["auth/token (refused)", () => app.post("auth/token", { email: "nobody@x.br", password: "wrong-password" })],
    [
      "lgpd status",
      () =>
        fetch(`${app.baseUrl}/api/lgpd/${lgpd.slug}/status/${cpfFromBase(111444777)}`, {
          headers: { "x-api-key": lgpd.key },
        }),
    ],
    ["an error answer", () => app.post("document/loadById", { id: 999_999 }, { token: fx.tokens.viewer })],
  ];

  it.each(cases)("%s", async (_name, send) => {
    const response = await send();
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("the attachment download keeps its own stricter private, no-store", async () => {
    const response = await app.get(`documents/${documentId}/attachments/999999`, { headers: bearer("staff") });
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
  });
});
