// Admin routes of the APIs menu and the LGPD page, over real HTTP on the built app (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): role enforcement, LGPD key rotation, document-API tokens, LGPD request search/retry/receipt.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import type { LgpdRequestStatus } from "@/lib/db/generated/enums.ts";
import { instanceForLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let main: InstanceFixture;
let other: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  main = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
});
afterAll(async () => app?.close());

const CPF_A = "123.456.789-09";
const CPF_B = "111.444.777-35";
const CPF_C = "529.982.247-25";
const digits = (cpf: string) => cpf.replace(/\D/g, "");
const masked = (cpf: string) => `***.${digits(cpf).slice(3, 6)}.${digits(cpf).slice(6, 9)}-**`;

function get(route: string, token?: string) {
  return app.get(route, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function insertRequest(
  instanceId: number,
  cpf: string,
  status: LgpdRequestStatus,
  data: { requestedAt?: Date; details?: object; lastError?: string; attempts?: number } = {},
) {
  const hash = keyedHash(digits(cpf));
  return app.db.lgpdRequest.create({
    data: {
      instanceId,
      cpfHash: hash,
      cpfMasked: masked(cpf),
      status,
      cpfPending: status === "pending" ? digits(cpf) : null,
      pendingKey: status === "pending" ? hash : null,
      // Far in the future so no worker picks it up while the test looks at it.
      notBefore: status === "pending" ? new Date(Date.now() + 30 * 86_400_000) : new Date(),
      requestedAt: data.requestedAt ?? new Date(),
      processedAt: status === "pending" ? null : new Date((data.requestedAt ?? new Date()).getTime() + 60_000),
      attempts: data.attempts ?? (status === "pending" ? 0 : 1),
      details: data.details,
      lastError: data.lastError ?? null,
    },
  });
}

describe("admin routes refuse everyone but admins", () => {
  const routes: { method: "GET" | "POST"; route: string; body?: unknown }[] = [
    { method: "GET", route: "admin/lgpd-key" },
    { method: "POST", route: "admin/lgpd-key/rotate", body: {} },
    { method: "GET", route: "admin/tokens" },
    { method: "POST", route: "admin/tokens", body: { name: "x", role: "viewer" } },
    { method: "POST", route: "admin/tokens/1/revoke", body: {} },
    { method: "POST", route: "admin/lgpd-requests/search", body: {} },
    { method: "POST", route: "admin/lgpd-requests/1/retry", body: { cpf: CPF_A } },
    { method: "GET", route: "admin/lgpd-requests/1/receipt" },
  ];

  it("answers 401 without credentials and 403 to staff and viewer tokens, changing nothing", async () => {
    const tokensBefore = await app.db.apiToken.count();
    for (const { method, route, body } of routes) {
      const anonymous = method === "GET" ? await get(route) : await app.post(route, body);
      expect(anonymous.status, `${method} ${route} anonymous`).toBe(401);
      for (const role of ["viewer", "staff"] as const) {
        const token = main.tokens[role];
        const response = method === "GET" ? await get(route, token) : await app.post(route, body, { token });
        expect(response.status, `${method} ${route} as ${role}`).toBe(403);
        expect(await response.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^Forbidden: /) });
      }
    }
    expect(await app.db.lgpdKey.count()).toBe(0);
    expect(await app.db.apiToken.count()).toBe(tokensBefore);
    expect(await app.db.auditLog.count()).toBe(0);
  });
});

describe("LGPD key", () => {
  it("is generated and rotated by an admin, shown once, and only the new key opens the instance", async () => {
    const before = await get("admin/lgpd-key", main.tokens.admin);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      configured: false,
      last_chars: null,
      created_at: null,
      created_by: null,
      last_used_at: null,
      previous_last_chars: null,
      previous_valid_until: null,
      instance: "default",
      request_url: `${app.baseUrl}/api/lgpd/default/request`,
      status_url: `${app.baseUrl}/api/lgpd/default/status/{cpf}`,
    });

    const first = await app.post("admin/lgpd-key/rotate", {}, { token: main.tokens.admin });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const firstBody = await first.json();
    expect(firstBody.key).toMatch(/^lgpd_[\w-]{32}$/);
    expect(firstBody).toMatchObject({ configured: true, last_chars: firstBody.key.slice(-4), instance: "default" });
    expect(await instanceForLgpdKey("default", firstBody.key)).toBe(main.instanceId);

    const second = await app.post("admin/lgpd-key/rotate", {}, { token: main.tokens.admin });
    const secondBody = await second.json();
    expect(secondBody.key).not.toBe(firstBody.key);
    expect(await instanceForLgpdKey("default", secondBody.key)).toBe(main.instanceId);
    expect(await instanceForLgpdKey("default", firstBody.key)).toBeNull();
    expect(await instanceForLgpdKey("other", secondBody.key)).toBeNull();

    // Afterwards only the last characters are available, never the key.
    const after = await get("admin/lgpd-key", main.tokens.admin);
    const afterText = await after.text();
    expect(afterText).not.toContain(secondBody.key);
    expect(JSON.parse(afterText)).toMatchObject({ configured: true, last_chars: secondBody.key.slice(-4) });
    expect(JSON.parse(afterText).created_at).toEqual(expect.any(String));

    const audit = await app.db.auditLog.findMany({ where: { entity: "lgpd_key" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.action, row.actorLabel, row.instanceId])).toEqual([
      ["lgpd_key.generate", "token:default-admin", main.instanceId],
      ["lgpd_key.rotate", "token:default-admin", main.instanceId],
    ]);
    const auditText = JSON.stringify(audit, (_key, value) => (typeof value === "bigint" ? String(value) : value));
    expect(auditText).not.toContain(firstBody.key);
    expect(auditText).not.toContain(secondBody.key);
    const stored = await app.db.lgpdKey.findUniqueOrThrow({ where: { instanceId: main.instanceId } });
    expect(JSON.stringify(stored)).not.toContain(secondBody.key);
  });

  it("works on GET /api/lgpd/<slug>/status/<cpf> when that route is in this build", async (context) => {
    const probe = await get(`lgpd/default/status/${digits(CPF_A)}`);
    if (probe.status === 404 && !(probe.headers.get("content-type") ?? "").includes("json")) {
      context.skip("the LGPD API routes are not in this branch; the key was verified with instanceForLgpdKey");
    }
    const { key } = await (await app.post("admin/lgpd-key/rotate", {}, { token: main.tokens.admin })).json();
    const unknown = await app.get(`lgpd/default/status/${digits(CPF_C)}`, { headers: { "x-api-key": key } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: "error", message: "Request not found" });
    const wrong = await app.get(`lgpd/default/status/${digits(CPF_C)}`, { headers: { "x-api-key": `${key}x` } });
    expect(wrong.status).toBe(401);
  });
});

describe("document-API tokens", () => {
  it("are created with a role and expiry, listed without secrets, revoked, and a revoked token stops working", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await app.post(
      "admin/tokens",
      { name: "CRM robot", role: "staff", expires_at: expiresAt },
      { token: main.tokens.admin },
    );
    expect(created.status).toBe(201);
    const token = await created.json();
    expect(token).toMatchObject({
      name: "CRM robot",
      role: "staff",
      state: "active",
      expires_at: expiresAt,
      revoked_at: null,
      last_used_at: null,
      created_by: null,
    });
    expect(token.token).toMatch(/^dft_/);
    expect(token.token.startsWith(token.prefix)).toBe(true);

    expect((await app.post("product/loadAll", {}, { token: token.token })).status).toBe(200);

    const list = await get("admin/tokens", main.tokens.admin);
    expect(list.status).toBe(200);
    const listText = await list.text();
    expect(listText).not.toContain(token.token);
    const { items } = JSON.parse(listText) as { items: { id: number; name: string; last_used_at: string | null }[] };
    expect(items.map((item) => item.name)).toEqual(["CRM robot", "default-viewer", "default-staff", "default-admin"]);
    expect(items[0]!.last_used_at).toEqual(expect.any(String));
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        "clear_personal_data",
        "created_at",
        "created_by",
        "expires_at",
        "id",
        "last_used_at",
        "name",
        "prefix",
        "revoked_at",
        "role",
        "state",
        "unmasked_reads",
      ].sort(),
    );

    const revoked = await app.post(`admin/tokens/${token.id}/revoke`, {}, { token: main.tokens.admin });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: token.id, state: "revoked", revoked_at: expect.any(String) });
    const refused = await app.post("product/loadAll", {}, { token: token.token });
    expect(refused.status).toBe(401);

    expect((await app.post(`admin/tokens/${token.id}/revoke`, {}, { token: main.tokens.admin })).status).toBe(409);
    expect((await app.post("admin/tokens/999999/revoke", {}, { token: main.tokens.admin })).status).toBe(404);
    expect((await app.post("admin/tokens/abc/revoke", {}, { token: main.tokens.admin })).status).toBe(404);

    const audit = await app.db.auditLog.findMany({ where: { entity: "api_token" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.action, row.entityId])).toEqual([
      ["api_token.create", String(token.id)],
      ["api_token.revoke", String(token.id)],
    ]);
    const auditText = JSON.stringify(audit, (_key, value) => (typeof value === "bigint" ? String(value) : value));
    expect(auditText).not.toContain(token.token);
    expect(audit[0]!.details).toMatchObject({ name: "CRM robot", role: "staff", prefix: token.prefix });
  });

  it("refuses bad input and another instance's tokens", async () => {
    const admin = { token: main.tokens.admin };
    expect((await app.post("admin/tokens", { name: "", role: "staff" }, admin)).status).toBe(400);
    expect((await app.post("admin/tokens", { name: "x", role: "owner" }, admin)).status).toBe(400);
    const past = await app.post(
      "admin/tokens",
      { name: "x", role: "viewer", expires_at: "2020-01-01T00:00:00Z" },
      admin,
    );
    expect(past.status).toBe(400);
    expect((await past.json()).errors).toEqual([
      { path: "expires_at", message: "Must be in the future", code: "invalid" },
    ]);

    const foreign = await app.db.apiToken.findFirstOrThrow({ where: { instanceId: other.instanceId } });
    expect((await app.post(`admin/tokens/${foreign.id}/revoke`, {}, admin)).status).toBe(404);
    expect((await app.db.apiToken.findUniqueOrThrow({ where: { id: foreign.id } })).revokedAt).toBeNull();
    const { items } = await (await get("admin/tokens", main.tokens.admin)).json();
    expect(items.some((item: { id: number }) => item.id === foreign.id)).toBe(false);
  });
});

describe("LGPD requests", () => {
  type Row = Awaited<ReturnType<typeof insertRequest>>;
  let doneA: Row, notFoundA: Row, errorB: Row, pendingC: Row, errorC: Row, lateNight: Row, foreignA: Row;

  beforeAll(async () => {
    await app.db.lgpdRequest.deleteMany();
    doneA = await insertRequest(main.instanceId, CPF_A, "done", {
      requestedAt: new Date("2026-03-10T15:00:00Z"),
      details: {
        deleted: { documents: 2, observations: 5, attachments: 1, history: 9 },
        requested_at: "2026-03-10T15:00:00.000Z",
        completed_at: "2026-03-10T15:01:00.000Z",
      },
    });
    // 23:30 on April 1st in São Paulo (02:30 UTC on the 2nd): the day filter must follow the local calendar.
    lateNight = await insertRequest(main.instanceId, CPF_B, "not_found", {
      requestedAt: new Date("2026-04-02T02:30:00Z"),
    });
    errorB = await insertRequest(main.instanceId, CPF_B, "error", {
      requestedAt: new Date("2026-04-02T12:00:00Z"),
      details: { reason: "database unavailable" },
      lastError: "database unavailable",
      attempts: 5,
    });
    notFoundA = await insertRequest(main.instanceId, CPF_A, "not_found", {
      requestedAt: new Date("2026-05-01T12:00:00Z"),
    });
    errorC = await insertRequest(main.instanceId, CPF_C, "error", {
      requestedAt: new Date("2026-05-02T12:00:00Z"),
      details: { reason: "timeout" },
      attempts: 5,
    });
    pendingC = await insertRequest(main.instanceId, CPF_C, "pending", {
      requestedAt: new Date("2026-05-03T12:00:00Z"),
    });
    foreignA = await insertRequest(other.instanceId, CPF_A, "done", { requestedAt: new Date("2026-05-04T12:00:00Z") });
  });

  const search = (body: object, token = main.tokens.admin) => app.post("admin/lgpd-requests/search", body, { token });
  const ids = async (response: Response) =>
    ((await response.json()) as { items: { id: number }[] }).items.map((item) => item.id);

  it("lists the instance's requests newest first, paged, without hashes or readable CPFs", async () => {
    const response = await search({});
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.total).toBe(6);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([
      pendingC.id,
      errorC.id,
      notFoundA.id,
      errorB.id,
      lateNight.id,
      doneA.id,
    ]);
    expect(body.items.at(-1)).toEqual({
      id: doneA.id,
      cpf_masked: "***.456.789-**",
      status: "done",
      source: "api",
      attempts: 1,
      requested_at: "2026-03-10T15:00:00.000Z",
      processed_at: "2026-03-10T15:01:00.000Z",
      last_error: null,
      details: {
        deleted: { documents: 2, observations: 5, attachments: 1, history: 9 },
        requested_at: "2026-03-10T15:00:00.000Z",
        completed_at: "2026-03-10T15:01:00.000Z",
      },
      // An API request: no hand-entered channel, day or note, and no officer's review.
      channel: null,
      received_at: null,
      note: null,
      review: null,
      review_reason: null,
      reviewed_at: null,
    });
    for (const cpf of [CPF_A, CPF_B, CPF_C]) expect(text).not.toContain(digits(cpf));
    expect(text).not.toContain(doneA.cpfHash);
    expect(body.items.some((item: { id: number }) => item.id === foreignA.id)).toBe(false);

    const page2 = await search({ page: 2, page_size: 4 });
    expect(await page2.json()).toMatchObject({
      total: 6,
      page: 2,
      page_size: 4,
      items: [{ id: lateNight.id }, { id: doneA.id }],
    });
  });

  it("filters by status and by requested days in America/Sao_Paulo", async () => {
    expect(await ids(await search({ status: "error" }))).toEqual([errorC.id, errorB.id]);
    expect(await ids(await search({ from: "2026-04-01", to: "2026-04-01" }))).toEqual([lateNight.id]);
    expect(await ids(await search({ from: "2026-04-02", to: "2026-04-02" }))).toEqual([errorB.id]);
    expect(await ids(await search({ to: "2026-04-01" }))).toEqual([lateNight.id, doneA.id]);
    expect(await ids(await search({ status: "not_found", from: "2026-04-01" }))).toEqual([notFoundA.id, lateNight.id]);
    expect((await search({ from: "2026-05-01", to: "2026-04-01" })).status).toBe(400);
    expect((await search({ from: "yesterday" })).status).toBe(400);
    expect((await search({ status: "lost" })).status).toBe(400);
  });

  it("finds a CPF's requests by its keyed hash, never logging or storing the searched CPF", async () => {
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const spies = [
      vi.spyOn(console, "log").mockImplementation(capture),
      vi.spyOn(console, "error").mockImplementation(capture),
    ];
    const auditBefore = await app.db.auditLog.count();
    try {
      expect(await ids(await search({ cpf: CPF_A }))).toEqual([notFoundA.id, doneA.id]);
      expect(await ids(await search({ cpf: digits(CPF_A) }))).toEqual([notFoundA.id, doneA.id]);
      expect(await ids(await search({ cpf: CPF_A, status: "done" }))).toEqual([doneA.id]);
      expect(await ids(await search({ cpf: "390.533.447-05" }))).toEqual([]);
      const invalid = await search({ cpf: "123.456.789-00" });
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).errors).toEqual([{ path: "cpf", message: "Invalid CPF", code: "invalid" }]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      process.env.LOG_LEVEL = logLevel;
    }
    expect(lines.some((line) => line.includes("api.request"))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(digits(CPF_A));
      expect(line).not.toContain(CPF_A);
    }
    expect(await app.db.auditLog.count()).toBe(auditBefore);
  });

  it("retries an errored request only with its own CPF, and not while another is pending for it", async () => {
    const retry = (id: number, cpf: string, token = main.tokens.admin) =>
      app.post(`admin/lgpd-requests/${id}/retry`, { cpf }, { token });

    const wrong = await retry(errorB.id, CPF_A);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: "The CPF does not match this request",
      errors: [{ path: "cpf", message: "The CPF does not match this request" }],
    });
    expect((await retry(errorB.id, "123")).status).toBe(400);
    const unchanged = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: errorB.id } });
    expect(unchanged).toMatchObject({ status: "error", attempts: 5, cpfPending: null, pendingKey: null });

    const started = Date.now();
    const right = await retry(errorB.id, digits(CPF_B));
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ id: errorB.id, status: "pending", attempts: 0, processed_at: null });
    const row = await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: errorB.id } });
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      cpfPending: digits(CPF_B),
      pendingKey: keyedHash(digits(CPF_B)),
      cpfHash: keyedHash(digits(CPF_B)),
      processedAt: null,
      details: null,
      lastError: "database unavailable",
    });
    expect(row.notBefore.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.notBefore.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const again = await retry(errorB.id, CPF_B);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: "Only requests with status error can be retried",
      code: "lgpd_not_retryable",
    });

    const blocked = await retry(errorC.id, CPF_C);
    expect(blocked.status).toBe(409);
    expect(await blocked.json()).toMatchObject({
      message: `A pending request for this CPF already exists: #${pendingC.id}`,
      code: "lgpd_pending_exists",
      params: { id: pendingC.id },
    });
    expect((await app.db.lgpdRequest.findUniqueOrThrow({ where: { id: errorC.id } })).status).toBe("error");

    expect((await retry(foreignA.id, CPF_A)).status).toBe(404);
    expect((await retry(999999, CPF_A)).status).toBe(404);

    const audit = await app.db.auditLog.findMany({ where: { entity: "lgpd_request" } });
    expect(audit.map((entry) => [entry.action, entry.entityId])).toEqual([["lgpd_request.retry", String(errorB.id)]]);
    const auditText = JSON.stringify(audit, (_key, value) => (typeof value === "bigint" ? String(value) : value));
    expect(auditText).not.toContain(digits(CPF_B));
  });

  it("gives a JSON receipt built from the request row alone", async () => {
    const response = await get(`admin/lgpd-requests/${doneA.id}/receipt`, main.tokens.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="lgpd-receipt-${doneA.id}.json"`);
    const receipt = await response.json();
    expect(receipt).toEqual({
      receipt: "lgpd-deletion",
      request_id: doneA.id,
      instance: "default",
      instance_name: expect.any(String),
      cpf_masked: "***.456.789-**",
      status: "done",
      source: "api",
      requested_at: "2026-03-10T15:00:00.000Z",
      processed_at: "2026-03-10T15:01:00.000Z",
      attempts: 1,
      deleted: { documents: 2, observations: 5, attachments: 1, history: 9 },
      details: doneA.details,
      last_error: null,
      kept: null,
      review: null,
      review_reason: null,
      generated_at: expect.any(String),
    });
    const errored = await (await get(`admin/lgpd-requests/${errorC.id}/receipt`, main.tokens.admin)).json();
    expect(errored).toMatchObject({ status: "error", deleted: null, details: { reason: "timeout" } });
    expect((await get(`admin/lgpd-requests/${foreignA.id}/receipt`, main.tokens.admin)).status).toBe(404);
    expect((await get("admin/lgpd-requests/0/receipt", main.tokens.admin)).status).toBe(404);
  });
});
