// Webhook destinations over the built app: an instance admin cannot register an address inside
// the operator's network — loopback, private, link-local/metadata, multicast, unspecified, in every spelling — nor
// plain http to a public name, nor credentials in the URL; the operator opens hosts and ranges by configuration.
// An endpoint saved before the check (a row pointing at loopback) is refused again when a delivery is sent.
// Only loopback is ever contacted: any URL a build without the check accepts is deleted at once, before an event.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { processDueDeliveries } from "@/lib/webhooks/server/delivery-queue.ts";
import { encryptSecret } from "@/lib/webhooks/server/secret.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

let app: TestApp;
let fx: InstanceFixture;
let receiver: WebhookReceiver;

beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  delete process.env.WEBHOOK_ALLOW_HOSTS;
});

async function send(method: string, route: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Registers `url`; an endpoint that got created (a build without the check) is deleted before anything can queue. */
async function register(url: string) {
  const answer = await send("POST", "admin/webhooks", { url, events: ["document.created"] });
  if (answer.status === 201 || answer.status === 200) {
    await send("DELETE", `admin/webhooks/${(JSON.parse(answer.text) as { id: number }).id}`);
  }
  return answer;
}

const REFUSED = [
  "http://169.254.169.254/latest/meta-data/",
  "https://169.254.169.254/latest/meta-data/",
  "https://[fd00:ec2::254]/",
  "https://100.100.100.200/",
  "https://10.0.0.1/",
  "https://172.16.0.1/",
  "https://192.168.1.1/",
  "https://127.0.0.1/",
  "https://127.1/",
  "https://2130706433/",
  "https://0x7f000001/",
  "https://0177.0.0.1/",
  "https://0x7f.0.0.1/",
  "https://[::1]/",
  "https://[::ffff:127.0.0.1]/",
  "https://[::ffff:a9fe:a9fe]/",
  "https://[64:ff9b::7f00:1]/",
  "https://[2002:7f00:1::]/",
  // IPv4-compatible (deprecated, ::/96), SIIT, local NAT64, Teredo, site-local, ISATAP, discard, and the mapped form
  // of a public address (a literal no receiver needs): every wrapped or retired spelling of an address.
  "https://[::127.0.0.1]/",
  "https://[::7f00:1]/",
  "https://[::a9fe:a9fe]/",
  "https://[::10.0.0.1]/",
  "https://[::ffff:0:7f00:1]/",
  "https://[64:ff9b::8.8.8.8]/",
  "https://[64:ff9b:1::a9fe:a9fe]/",
  "https://[2002:808:808::1]/",
  "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  "https://[fec0::1]/",
  "https://[2a00:1450:4001:81c::5efe:7f00:1]/",
  "https://[2a00:1450:4001:81c:200:5efe:a9fe:a9fe]/",
  "https://[100::1]/",
  "https://[::ffff:8.8.8.8]/",
  "https://[fe80::1]/",
  "https://0.0.0.0/",
  "https://0/",
  "https://[::]/",
  "https://224.0.0.1/",
  "https://[ff02::1]/",
  "https://255.255.255.255/",
  "https://localhost/",
  "https://LOCALHOST./",
  "https://api.localhost/",
  "https://metadata.google.internal/",
  "https://intranet/",
  "http://hooks.example.com/receive",
  "https://user:s3cr3t-pass@hooks.example.com/receive",
];

describe("registering a webhook destination", () => {
  it("refuses every inside address and spelling, http to a public name, and credentials in the URL", async () => {
    const accepted: string[] = [];
    for (const url of REFUSED) {
      const answer = await register(url);
      if (answer.status !== 400) accepted.push(`${url} → ${answer.status}`);
      else {
        expect(JSON.parse(answer.text)).toMatchObject({ error: expect.any(String) });
        expect(answer.text).not.toContain("s3cr3t-pass");
      }
    }
    expect(accepted).toEqual([]);
    expect(await app.db.webhookEndpoint.count()).toBe(0);
  });

  it("accepts https to a public name, and refuses an update to an inside address", async () => {
    const created = await register("https://hooks.example.com/receive");
    expect(created.status).toBe(201);
    const kept = await send("POST", "admin/webhooks", {
      url: "https://hooks.example.com/receive",
      events: ["document.created"],
    });
    const { id } = JSON.parse(kept.text) as { id: number };
    await app.db.webhookEndpoint.update({ where: { id }, data: { disabledAt: new Date() } }); // nothing may queue
    const moved = await send("PATCH", `admin/webhooks/${id}`, { url: "https://[::ffff:10.0.0.1]/" });
    expect(moved.status).toBe(400);
    expect((await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).url).toBe(
      "https://hooks.example.com/receive",
    );
    expect((await send("DELETE", `admin/webhooks/${id}`)).status).toBe(200);
  });

  it("lets the operator open ranges (addresses) and hosts (http://) by configuration", async () => {
    expect((await register(receiver.url)).status).toBe(400);
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.0/8";
    expect((await register(receiver.url)).status).toBe(201);
    expect((await register("https://10.0.0.1/")).status).toBe(400); // only the ranges named
    expect((await register("http://receiver.test/hooks")).status).toBe(400); // a name needs WEBHOOK_ALLOW_HOSTS for http
    process.env.WEBHOOK_ALLOW_HOSTS = "receiver.test";
    expect((await register("http://receiver.test/hooks")).status).toBe(201);
  });
});

describe("sending to an endpoint saved before the check", () => {
  it("refuses the delivery at connection time: nothing reaches the inside address", async () => {
    const endpoint = await app.db.webhookEndpoint.create({
      data: {
        instanceId: fx.instanceId,
        url: receiver.url.replace("127.0.0.1", "2130706433"),
        events: ["document.created"],
        secretCipher: encryptSecret("whsec_test"),
        secretHint: "test",
      },
    });
    try {
      const created = await fetch(`${app.baseUrl}/api/document/create`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
        body: JSON.stringify({ status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "12345678909" }),
      });
      expect(created.status).toBe(200);
      const { results } = await processDueDeliveries({ owner: "destinations-test" });
      expect(results).toEqual([expect.objectContaining({ outcome: "retry", error: "Destination not allowed" })]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toEqual([]);
    } finally {
      await app.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });
});
