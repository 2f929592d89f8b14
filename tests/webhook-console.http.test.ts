// The webhook console's API against real HTTP receivers, on a real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): why a delivery failed as a code the console translates (no raw English), each delivery's
// payload and answer (audited), a test event signed like every delivery, editing URL and events (the destination guard
// still applies), secret rotation with an overlap window (both secrets sign; receivers accept any v1), and the same
// overlap for the LGPD key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processDueDeliveries } from "@/lib/webhooks/server/delivery-queue.ts";
import { verifySignature } from "@/lib/webhooks/server/signature.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;
let receiver: WebhookReceiver;

async function request(method: string, route: string, body?: unknown, token = fx.tokens.admin) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}
async function call(method: string, route: string, body?: unknown, token = fx.tokens.admin): Promise<Json> {
  const answer = await request(method, route, body, token);
  expect(answer.status, `${method} ${route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const deliver = () => processDueDeliveries({ owner: "webhook-console-test" });
const dueNow = () => app.db.outboxMessage.updateMany({ where: { status: "pending" }, data: { notBefore: new Date() } });
const endpointRow = async (id: number) =>
  ((await call("GET", "admin/webhooks")).items as Json[]).find((item) => item.id === id)!;
const newEndpoint = (url = receiver.url, events = ["document.created"]) =>
  call("POST", "admin/webhooks", { url, events });

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32"; // the operator opens the loopback receiver
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  delete process.env.WEBHOOK_DISABLE_AFTER;
  await receiver?.close();
  await app?.close();
});
beforeEach(async () => {
  receiver.setDown(false);
  receiver.received.length = 0;
  await app.db.webhookEndpoint.deleteMany({});
});

describe("failures said as codes, not raw English", () => {
  it("names a non-2xx answer, no answer, a refused destination, and the cause of a disabled endpoint", async () => {
    process.env.WEBHOOK_DISABLE_AFTER = "2";
    const down = await newEndpoint();
    // A port nobody listens on: the connection is refused.
    const closed = await newEndpoint("http://127.0.0.1:9/nobody");
    receiver.setDown(true);
    await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "12345678909",
    });
    await deliver();
    await dueNow();
    await deliver();

    const downRow = await endpointRow(down.id);
    expect(downRow.deliveries[0]).toMatchObject({ status: "pending", last_status: 503, failure: "http_status" });
    expect(downRow).toMatchObject({
      enabled: false,
      disabled_cause: { kind: "failures", count: 2, last_failure: "http_status", last_status: 503 },
    });
    const closedRow = await endpointRow(closed.id);
    expect(closedRow.deliveries[0]).toMatchObject({ last_status: null, failure: "no_answer" });
    expect(closedRow.disabled_cause).toEqual({
      kind: "failures",
      count: 2,
      last_failure: "no_answer",
      last_status: null,
    });
    delete process.env.WEBHOOK_DISABLE_AFTER;

    // The operator closes the loopback range after registration: delivery refuses the address (the guard stays).
    receiver.setDown(false);
    const refusedEndpoint = await newEndpoint();
    await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "12345678909",
    });
    process.env.WEBHOOK_ALLOW_CIDRS = "";
    try {
      await dueNow();
      await deliver();
    } finally {
      process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    }
    expect(receiver.received).toHaveLength(0);
    const refusedRow = await endpointRow(refusedEndpoint.id);
    expect(refusedRow.deliveries[0]).toMatchObject({ last_status: null, failure: "destination_refused" });

    // Disabled by hand: the cause says so.
    await call("PATCH", `admin/webhooks/${refusedEndpoint.id}`, { enabled: false });
    expect((await endpointRow(refusedEndpoint.id)).disabled_cause).toMatchObject({ kind: "manual" });
  });
});

describe("a delivery's payload and answer", () => {
  it("shows the JSON sent and the receiver's answer to admins, audited; 404 elsewhere, 403 below admin", async () => {
    const endpoint = await newEndpoint();
    await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "12345678909",
    });
    await deliver();
    const [received] = await receiver.waitFor(1);
    const { deliveries } = await endpointRow(endpoint.id);
    const detail = await call("GET", `admin/webhooks/deliveries/${deliveries[0].id}`);
    expect(detail).toMatchObject({
      id: deliveries[0].id,
      endpoint_id: endpoint.id,
      event: "document.created",
      status: "sent",
      last_status: 200,
      last_response: '{"ok":true}',
      failure: null,
      request_headers: { "x-webhook-id": received!.json.id, "x-webhook-event": "document.created" },
    });
    // The admin's policy masks the CPF (the default); a minimal payload holds nothing personal to mask
    // (tests/masking-surfaces.http.test.ts has a full one). The reveal shows what the receiver got.
    expect(detail.personal_data).toBe("masked");
    expect(detail.payload).toEqual(received!.json);
    const audit = await app.db.auditLog.findFirst({
      where: { action: "webhook.delivery_view" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ entityId: String(endpoint.id), details: { delivery_id: deliveries[0].id } });
    const revealed = await call("POST", `admin/webhooks/deliveries/${deliveries[0].id}/reveal`, {});
    expect(revealed.payload).toEqual(received!.json);

    expect(
      (await request("GET", `admin/webhooks/deliveries/${deliveries[0].id}`, undefined, fx.tokens.staff)).status,
    ).toBe(403);
    expect(
      (await request("GET", `admin/webhooks/deliveries/${deliveries[0].id}`, undefined, other.tokens.admin)).status,
    ).toBe(404);
  });
});

describe("test event", () => {
  it("reaches the receiver signed, shows in the deliveries, and is refused while the endpoint is disabled", async () => {
    const endpoint = await newEndpoint();
    const queued = await request("POST", `admin/webhooks/${endpoint.id}/test`, {});
    expect(queued.status).toBe(201);
    expect(queued.body).toMatchObject({ id: expect.any(Number), event: "webhook.test" });
    await deliver();
    const [hook] = await receiver.waitFor(1);
    expect(hook!.json).toMatchObject({
      id: queued.body.event_id,
      type: "webhook.test",
      data: { endpoint_id: endpoint.id },
    });
    expect(hook!.headers["x-webhook-event"]).toBe("webhook.test");
    expect(verifySignature(endpoint.secret, hook!.body, hook!.headers["x-signature"] ?? null)).toBe(true);
    expect((await endpointRow(endpoint.id)).deliveries[0]).toMatchObject({ event: "webhook.test", status: "sent" });
    expect(await app.db.auditLog.count({ where: { action: "webhook.test" } })).toBe(1);

    await call("PATCH", `admin/webhooks/${endpoint.id}`, { enabled: false });
    const refused = await request("POST", `admin/webhooks/${endpoint.id}/test`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "webhook_test_disabled" });
    expect((await request("POST", `admin/webhooks/${endpoint.id}/test`, {}, fx.tokens.staff)).status).toBe(403);
    expect((await request("POST", `admin/webhooks/${endpoint.id}/test`, {}, other.tokens.admin)).status).toBe(404);
  });
});

describe("editing an endpoint", () => {
  it("changes URL and events; a forbidden address is refused with its code and nothing changes", async () => {
    const endpoint = await newEndpoint("https://hooks.example.com/a");
    const edited = await call("PATCH", `admin/webhooks/${endpoint.id}`, {
      url: receiver.url,
      events: ["document.created", "document.updated"],
    });
    expect(edited).toMatchObject({ url: receiver.url, events: ["document.created", "document.updated"] });
    const refused = await request("PATCH", `admin/webhooks/${endpoint.id}`, { url: "http://169.254.169.254/latest" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: "url", code: "webhook_address" })]);
    expect((await endpointRow(endpoint.id)).url).toBe(receiver.url);
  });
});

describe("secret rotation with an overlap window", () => {
  it("signs with both secrets during the window, only the new one after it or with no window", async () => {
    const endpoint = await newEndpoint();
    const oldSecret = endpoint.secret as string;
    const rotated = await call("POST", `admin/webhooks/${endpoint.id}/rotate-secret`, { overlap_hours: 24 });
    const newSecret = rotated.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const until = Date.parse(rotated.previous_secret_until);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const listed = await endpointRow(endpoint.id);
    expect(listed).toMatchObject({
      secret_hint: newSecret.slice(-4),
      previous_secret_until: rotated.previous_secret_until,
    });
    expect(JSON.stringify(listed)).not.toContain(newSecret);
    expect(JSON.stringify(listed)).not.toContain(oldSecret);

    await call("POST", `admin/webhooks/${endpoint.id}/test`, {});
    await deliver();
    const [during] = await receiver.waitFor(1);
    const header = during!.headers["x-signature"]!;
    expect(header.match(/v1=/g)).toHaveLength(2);
    // A receiver still on the old secret and one already on the new secret both accept it; a wrong one does not.
    expect(verifySignature(oldSecret, during!.body, header)).toBe(true);
    expect(verifySignature(newSecret, during!.body, header)).toBe(true);
    expect(verifySignature("whsec_wrong", during!.body, header)).toBe(false);

    // The window closes: only the new secret signs.
    await app.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { previousSecretUntil: new Date(Date.now() - 1000) },
    });
    expect((await endpointRow(endpoint.id)).previous_secret_until).toBeNull();
    await call("POST", `admin/webhooks/${endpoint.id}/test`, {});
    await deliver();
    const after = (await receiver.waitFor(2))[1]!;
    expect(after.headers["x-signature"]!.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(newSecret, after.body, after.headers["x-signature"]!)).toBe(true);
    expect(verifySignature(oldSecret, after.body, after.headers["x-signature"]!)).toBe(false);

    // overlap_hours 0 (a leaked secret): the previous one stops at once.
    const leaked = await call("POST", `admin/webhooks/${endpoint.id}/rotate-secret`, { overlap_hours: 0 });
    expect(leaked.previous_secret_until).toBeNull();
    await call("POST", `admin/webhooks/${endpoint.id}/test`, {});
    await deliver();
    const third = (await receiver.waitFor(3))[2]!;
    expect(verifySignature(leaked.secret, third.body, third.headers["x-signature"]!)).toBe(true);
    expect(verifySignature(newSecret, third.body, third.headers["x-signature"]!)).toBe(false);

    const audits = await app.db.auditLog.findMany({
      where: { action: "webhook.rotate_secret" },
      orderBy: { id: "asc" },
    });
    expect(audits.map((entry) => (entry.details as Json).overlap_hours)).toEqual([24, 0]);
    expect(JSON.stringify(audits.map((entry) => entry.details))).not.toContain(newSecret);
    expect((await request("POST", `admin/webhooks/${endpoint.id}/rotate-secret`, { overlap_hours: 500 })).status).toBe(
      400,
    );
    expect((await request("POST", `admin/webhooks/${endpoint.id}/rotate-secret`, {}, fx.tokens.staff)).status).toBe(
      403,
    );
  });
});

describe("LGPD key rotation with an overlap window", () => {
  const status = (key: string) =>
    fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/status/12345678909`, { headers: { "x-api-key": key } }).then(
      (response) => response.status,
    );

  it("keeps the old key working until the window closes; overlap 0 cuts over at once", async () => {
    const first = await call("POST", "admin/lgpd-key/rotate", {});
    expect(await status(first.key)).not.toBe(401);
    const second = await call("POST", "admin/lgpd-key/rotate", { overlap_hours: 24 });
    expect(second).toMatchObject({ previous_last_chars: first.key.slice(-4) });
    expect(Date.parse(second.previous_valid_until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await status(second.key)).not.toBe(401);
    expect(await status(first.key)).not.toBe(401);
    expect(await status("lgpd_not-a-key")).toBe(401);

    // The window closes (rotation on this server dropped the cache; the next rotation checks the stored window).
    await app.db.lgpdKey.update({
      where: { instanceId: fx.instanceId },
      data: { previousUntil: new Date(Date.now() - 1000) },
    });
    const info = await call("GET", "admin/lgpd-key");
    expect(info).toMatchObject({ previous_last_chars: null, previous_valid_until: null });
    const { instanceForLgpdKey } = await import("@/lib/lgpd/server/keys.ts");
    expect(await instanceForLgpdKey(fx.slug, first.key)).toBeNull();
    expect(await instanceForLgpdKey(fx.slug, second.key)).toBe(fx.instanceId);

    const third = await call("POST", "admin/lgpd-key/rotate", { overlap_hours: 0 });
    expect(third.previous_valid_until).toBeNull();
    expect(await status(second.key)).toBe(401);
    expect(await status(third.key)).not.toBe(401);
    const audit = await app.db.auditLog.findMany({ where: { action: "lgpd_key.rotate" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => (entry.details as Json).overlap_hours)).toEqual([24, 0]);
    expect((await request("POST", "admin/lgpd-key/rotate", { overlap_hours: -1 })).status).toBe(400);
  });
});
