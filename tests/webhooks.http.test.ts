// Webhooks against a real HTTP receiver, on a real database: admins register endpoints (secret
// shown once); document and LGPD events are queued in the outbox with the change and delivered signed
// (X-Signature t=…,v1=HMAC-SHA256), in order per document, retried with backoff while the receiver is down, failed
// after 24 h, disabled after repeated failures (re-enabled by hand), re-sendable by hand. PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { processDueDeliveries } from "@/lib/webhooks/server/delivery-queue.ts";
import { signatureHeader, verifySignature } from "@/lib/webhooks/server/signature.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let receiver: WebhookReceiver;
let endpoint: Json;

async function call(method: string, route: string, body?: unknown, token = fx.tokens.admin): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as Json;
}

const deliver = () => processDueDeliveries({ owner: "webhook-test" });
const newDocument = (extra: Json = {}) =>
  call("POST", "document/create", {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    cpf: "12345678909",
    ...extra,
  });
const dueNow = () => app.db.outboxMessage.updateMany({ where: { status: "pending" }, data: { notBefore: new Date() } });

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32"; // the operator opens the loopback receiver (lib/webhooks/destination.ts)
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  await receiver?.close();
  await app?.close();
});
beforeEach(() => {
  receiver.setDown(false);
  receiver.received.length = 0;
});

describe("registering endpoints", () => {
  it("answers the secret once, lists without it, and refuses bad input and non-admins", async () => {
    endpoint = await call("POST", "admin/webhooks", {
      url: receiver.url,
      payload: "full", // these cases check the document and its before/after values (minimal: webhook-payload test)
      events: [
        "document.created",
        "document.updated",
        "document.status_changed",
        "attachment.received",
        "lgpd.request.completed",
      ],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const { items } = await call("GET", "admin/webhooks");
    expect(items).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, enabled: true })]);
    expect(JSON.stringify(items)).not.toContain(endpoint.secret);
    const row = await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.secretCipher).not.toContain(endpoint.secret);

    const bad = await app.post("admin/webhooks", { url: "ftp://x", events: ["nope"] }, { token: fx.tokens.admin });
    expect(bad.status).toBe(400);
    const staff = await fetch(`${app.baseUrl}/api/admin/webhooks`, {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(staff.status).toBe(403);
  });
});

describe("deliveries", () => {
  it("sends document events signed, with the change, in order", async () => {
    const document = await newDocument({ name: "Ana Prado" });
    await call("POST", "document/updateById", { id: document.id, status_id: fx.statusIds["Em análise"] });
    expect((await deliver()).results.map((r) => r.outcome)).toEqual(["sent"]); // one per document per pass: in order
    await deliver();
    await deliver();
    const hooks = await receiver.waitFor(3);
    expect(hooks.map((hook) => hook.json.type)).toEqual([
      "document.created",
      "document.updated",
      "document.status_changed",
    ]);
    for (const hook of hooks) {
      expect(verifySignature(endpoint.secret, hook.body, hook.headers["x-signature"] ?? null)).toBe(true);
      expect(verifySignature("whsec_wrong", hook.body, hook.headers["x-signature"] ?? null)).toBe(false);
      expect(hook.headers["x-webhook-id"]).toBe(hook.json.id);
      expect(hook.headers["x-webhook-event"]).toBe(hook.json.type);
    }
    expect(hooks[0]!.json.data).toMatchObject({ id: document.id, protocol: document.protocol, name: "Ana Prado" });
    expect(hooks[2]!.json.data).toMatchObject({
      id: document.id,
      status_id: fx.statusIds["Em análise"],
      previous_status_id: fx.statusIds["Novo"],
    });
    expect(hooks[1]!.json.data.changes).toEqual(
      expect.arrayContaining([{ field: "status_id", before: fx.statusIds["Novo"], after: fx.statusIds["Em análise"] }]),
    );
  });

  it("refuses a replayed or tampered signature (receiver side)", () => {
    const body = '{"id":"evt_1"}';
    const old = signatureHeader("s", body, new Date(Date.now() - 10 * 60_000));
    expect(verifySignature("s", body, old)).toBe(false);
    expect(verifySignature("s", body.replace("1", "2"), signatureHeader("s", body))).toBe(false);
    expect(verifySignature("s", body, signatureHeader("s", body))).toBe(true);
  });

  it("retries while the receiver is down, keeping each document's order, then delivers the backlog", async () => {
    receiver.setDown(true);
    const document = await newDocument();
    const [first] = (await deliver()).results;
    expect(first).toMatchObject({ outcome: "retry", attempts: 1, error: "HTTP 503" });
    const row = await app.db.outboxMessage.findUniqueOrThrow({ where: { id: first!.id } });
    expect(row.notBefore.getTime() - Date.now()).toBeGreaterThan(30_000); // backoff
    expect(row).toMatchObject({ lastStatus: 503, lastResponse: "receiver down for maintenance" });
    // A later event of the same document waits behind the failed one, even though it is due.
    await call("POST", "document/updateById", { id: document.id, status_id: fx.statusIds["Em análise"] });
    expect((await deliver()).claimed).toBe(0);

    receiver.setDown(false);
    await dueNow();
    for (let pass = 0; pass < 3; pass += 1) await deliver();
    const hooks = await receiver.waitFor(3);
    expect(hooks.map((hook) => hook.json.type)).toEqual([
      "document.created",
      "document.updated",
      "document.status_changed",
    ]);
    expect(hooks.every((hook) => hook.json.data.id === document.id)).toBe(true);
    const { items } = await call("GET", "admin/webhooks");
    const shown = items[0].deliveries.find((d: Json) => d.id === first!.id);
    expect(shown).toMatchObject({ status: "sent", attempts: 2, last_status: 200 });
  });

  it("gives up on a delivery after 24 hours of retries", async () => {
    receiver.setDown(true);
    await newDocument();
    const pending = await app.db.outboxMessage.findFirstOrThrow({ where: { status: "pending", channel: "webhook" } });
    await app.db.outboxMessage.update({
      where: { id: pending.id },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    expect((await deliver()).results).toEqual([{ id: pending.id, outcome: "failed", attempts: 1, error: "HTTP 503" }]);
    await app.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 0 } });
  });

  it("disables an endpoint after repeated failures, with a notice; re-enabling resumes", async () => {
    process.env.WEBHOOK_DISABLE_AFTER = "3";
    receiver.setDown(true);
    await newDocument();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await dueNow();
      await deliver();
    }
    const { items } = await call("GET", "admin/webhooks");
    expect(items[0]).toMatchObject({
      enabled: false,
      consecutive_failures: 3,
      disabled_reason: "Disabled after 3 failed deliveries in a row (last: HTTP 503)",
    });
    await dueNow();
    expect((await deliver()).claimed).toBe(0); // disabled: nothing is sent
    delete process.env.WEBHOOK_DISABLE_AFTER;

    receiver.setDown(false);
    await call("PATCH", `admin/webhooks/${endpoint.id}`, { enabled: true });
    await dueNow();
    expect((await deliver()).results.map((r) => r.outcome)).toEqual(["sent"]);
    expect((await call("GET", "admin/webhooks")).items[0]).toMatchObject({ enabled: true, consecutive_failures: 0 });
  });

  it("re-sends a delivery by hand, with the same payload", async () => {
    await newDocument();
    await deliver();
    const [original] = await receiver.waitFor(1);
    const sent = await app.db.outboxMessage.findFirstOrThrow({
      where: { channel: "webhook", status: "sent" },
      orderBy: { id: "desc" },
    });
    const copy = await call("POST", `admin/webhooks/deliveries/${sent.id}/resend`, {});
    expect(copy).toEqual({ id: expect.any(Number), resent_from: sent.id });
    await deliver();
    const [, again] = await receiver.waitFor(2);
    expect(again!.body).toBe(original!.body);
  });

  it("reports an LGPD deletion with the masked CPF and counts, never the CPF", async () => {
    const cpf = cpfFromBase(246813579);
    await newDocument({ cpf: formatCpf(cpf) });
    await deliver();
    receiver.received.length = 0;
    const key = (await rotateLgpdKey(fx.instanceId)).key;
    const requested = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ cpf }),
    });
    expect(requested.status).toBe(200);
    const [processed] = (await processDueRequests({ owner: "lgpd-test" })).results;
    expect(processed?.outcome).toBe("done");
    await deliver();
    const [hook] = await receiver.waitFor(1);
    expect(hook!.json.type).toBe("lgpd.request.completed");
    expect(hook!.json.data).toMatchObject({
      request_id: processed!.id,
      status: "done",
      cpf_masked: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      deleted: { documents: 1, observations: 0, attachments: 0, history: 1 },
    });
    expect(hook!.body).not.toMatch(new RegExp(cpf.split("").join("\\D?")));
  });
});
