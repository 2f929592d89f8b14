// How much personal data a webhook carries (personal data leaves only on purpose), over the built app on
// both databases: a new endpoint gets the minimal payload (ids, protocol, status, changed field names — no name, CPF,
// e-mail, phone or before/after values); "full" is chosen per endpoint; the erasure notice names the deleted
// documents' ids, uuids and protocols so a receiver can erase its copies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { processDueDeliveries } from "@/lib/webhooks/server/delivery-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let minimal: WebhookReceiver;
let full: WebhookReceiver;
let endpoints: { minimal: Json; full: Json };
const CPF = cpfFromBase(135792468);
const PERSON = { name: "Beatriz Quintela", email: "beatriz.quintela@example.org", phone: "+55 11 91234-5678" };

async function call(method: string, route: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as Json;
}

async function deliverAll() {
  for (let pass = 0; pass < 10; pass += 1) {
    if ((await processDueDeliveries({ owner: "payload-test" })).claimed === 0) return;
  }
}

const personal = (hook: ReceivedHook) =>
  [CPF, CPF.slice(3, 9), PERSON.name, "Quintela", PERSON.email, "91234", "before", "after"].filter((value) =>
    hook.body.includes(value),
  );

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  minimal = await startWebhookReceiver();
  full = await startWebhookReceiver();
  const events = ["document.created", "document.updated", "document.status_changed", "lgpd.request.completed"];
  endpoints = {
    minimal: await call("POST", "admin/webhooks", { url: minimal.url, events }),
    full: await call("POST", "admin/webhooks", { url: full.url, events, payload: "full" }),
  };
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  await minimal?.close();
  await full?.close();
  await app?.close();
});

describe("payload detail per endpoint", () => {
  it("defaults to minimal, and lists and changes the choice", async () => {
    expect(endpoints.minimal.payload).toBe("minimal");
    expect(endpoints.full.payload).toBe("full");
    const { items } = await call("GET", "admin/webhooks");
    expect(items.map((item: Json) => item.payload)).toEqual(["minimal", "full"]);
    const bad = await fetch(`${app.baseUrl}/api/admin/webhooks/${endpoints.full.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
      body: JSON.stringify({ payload: "everything" }),
    });
    expect(bad.status).toBe(400);
    expect((await call("PATCH", `admin/webhooks/${endpoints.minimal.id}`, { payload: "full" })).payload).toBe("full");
    expect((await call("PATCH", `admin/webhooks/${endpoints.minimal.id}`, { payload: "minimal" })).payload).toBe(
      "minimal",
    );
  });

  it("sends ids, protocol, status and changed field names to a minimal endpoint; the document to a full one", async () => {
    const document = await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: CPF,
      ...PERSON,
    });
    await call("POST", "document/updateById", {
      id: document.id,
      name: "Beatriz Q. Souza",
      status_id: fx.statusIds["Em análise"],
    });
    await deliverAll();
    const small = await minimal.waitFor(3);
    const large = await full.waitFor(3);
    expect(small.map((hook) => hook.json.type)).toEqual([
      "document.created",
      "document.updated",
      "document.status_changed",
    ]);
    for (const hook of small) expect(personal(hook), hook.json.type).toEqual([]);
    expect(small[0]!.json.data).toEqual({
      id: document.id,
      uuid: document.uuid,
      protocol: document.protocol,
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      modality_id: document.modality_id,
      updated_at: expect.any(String),
    });
    expect(small[1]!.json.data.changed_fields).toEqual(expect.arrayContaining(["name", "status_id"]));
    expect(small[2]!.json.data).toMatchObject({
      id: document.id,
      status_id: fx.statusIds["Em análise"],
      previous_status_id: fx.statusIds["Novo"],
    });
    // The same event id in both forms: a receiver dedupes either way.
    expect(small.map((hook) => hook.json.id)).toEqual(large.map((hook) => hook.json.id));
    expect(large[0]!.json.data).toMatchObject({ id: document.id, name: PERSON.name, email: PERSON.email });
    expect(large[1]!.json.data.changes).toEqual(
      expect.arrayContaining([{ field: "name", before: PERSON.name, after: "Beatriz Q. Souza" }]),
    );
  });
});

describe("the erasure notice", () => {
  it("names the deleted documents' ids, uuids and protocols, never the CPF", async () => {
    const documents = await app.db.document.findMany({
      where: { cpfDigits: CPF },
      orderBy: { id: "asc" },
      select: { id: true, uuid: true, protocol: true },
    });
    expect(documents).toHaveLength(1);
    minimal.received.length = 0;
    full.received.length = 0;
    const key = (await rotateLgpdKey(fx.instanceId)).key;
    const requested = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ cpf: CPF }),
    });
    expect(requested.status).toBe(200);
    const [processed] = (await processDueRequests({ owner: "payload-test" })).results;
    expect(processed?.outcome).toBe("done");
    await deliverAll();
    for (const receiver of [minimal, full]) {
      const [notice] = await receiver.waitFor(1);
      expect(notice!.json.type).toBe("lgpd.request.completed");
      expect(notice!.json.data).toMatchObject({ request_id: processed!.id, status: "done", documents });
      expect(notice!.body).not.toContain(CPF);
    }
  });
});
