// One webhook delivery against real loopback receivers, without a database: the host is
// resolved once through a resolver stub that maps test names to inside addresses, every answer is checked, and the
// connection goes to the address that was checked; redirects are not followed; failures read the same whether the
// port is closed or silent; a 400 MiB answer is read only up to a small cap (RSS printed for the closing note).
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook, type Resolver } from "@/lib/webhooks/server/deliver.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

let receiver: WebhookReceiver;
const servers: Server[] = [];

const body = JSON.stringify({ id: "evt_test", type: "document.created", data: { id: 1 } });
const send = (url: string, resolve?: Resolver) =>
  deliverWebhook({ url, secret: "whsec_test", event: "document.created", body }, { resolve });
const portOf = (url: string) => new URL(url).port;

async function listen(handler: RequestListener): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});
afterEach(() => {
  receiver.received.length = 0;
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  delete process.env.WEBHOOK_ALLOW_HOSTS;
  delete process.env.WEBHOOK_TIMEOUT_SECONDS;
});

describe("addresses resolved at connection time", () => {
  it("refuses names that resolve inside, in any answer, and never connects", async () => {
    const port = portOf(receiver.url);
    const answers: Record<string, string[]> = {
      "metadata.test": ["169.254.169.254"],
      "intranet.test": ["10.0.0.5"],
      "carrier.test": ["100.100.100.200"],
      "loopback.test": ["127.0.0.1"],
      "mapped.test": ["::ffff:127.0.0.1"],
      "v6-loopback.test": ["::1"],
      "unspecified.test": ["0.0.0.0"],
      "mixed.test": ["127.0.0.1", "93.184.216.34"], // one inside answer is enough to refuse
    };
    const stub: Resolver = async (name) =>
      (answers[name] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    for (const name of Object.keys(answers)) {
      const result = await send(`https://${name}:${port}/hooks`, stub);
      expect(result, name).toEqual({ ok: false, status: null, response: "Destination not allowed" });
    }
    expect(receiver.received).toEqual([]);
  });

  it("refuses names whose AAAA answers wrap or retire an inside address, before any connection", async () => {
    process.env.WEBHOOK_TIMEOUT_SECONDS = "1"; // a build without the check tries these: fail fast, not in 10 s
    const port = portOf(receiver.url);
    const answers: Record<string, string> = {
      "compat-loopback.test": "::7f00:1", // ::127.0.0.1, IPv4-compatible (::/96)
      "compat-metadata.test": "::a9fe:a9fe", // ::169.254.169.254
      "compat-private.test": "::a00:5",
      "siit.test": "::ffff:0:a9fe:a9fe",
      "nat64.test": "64:ff9b::a9fe:a9fe",
      "nat64-local.test": "64:ff9b:1::7f00:1",
      "sixtofour.test": "2002:a9fe:a9fe::1",
      "teredo.test": "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "site-local.test": "fec0::5",
      "isatap.test": "2a00:1450:4001:81c::5efe:a9fe:a9fe",
      "mapped-public.test": "::ffff:8.8.8.8",
      "discard.test": "100::1",
    };
    const resolved: string[] = [];
    const stub: Resolver = async (name) => {
      resolved.push(name);
      return answers[name] ? [{ address: answers[name], family: 6 }] : [];
    };
    const outcomes: Record<string, string> = {};
    for (const name of Object.keys(answers)) {
      outcomes[name] = (await send(`https://${name}:${port}/hooks`, stub)).response;
    }
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, "Destination not allowed"])));
    expect(resolved).toEqual(Object.keys(answers));
    expect(receiver.received).toEqual([]);
  });

  it("resolves once and connects to the address it checked (no rebinding)", async () => {
    process.env.WEBHOOK_ALLOW_HOSTS = "pinned.test,rebind.test";
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    const calls: string[] = [];
    const rebinding: Resolver = async (name) => {
      calls.push(name);
      const first = calls.filter((call) => call === name).length === 1;
      const address = name === "pinned.test" ? (first ? "127.0.0.1" : "10.0.0.9") : first ? "10.0.0.9" : "127.0.0.1";
      return [{ address, family: 4 }];
    };
    const port = portOf(receiver.url);
    expect(await send(`http://pinned.test:${port}/hooks`, rebinding)).toMatchObject({ ok: true, status: 200 });
    expect(await send(`http://rebind.test:${port}/hooks`, rebinding)).toMatchObject({
      ok: false,
      response: "Destination not allowed",
    });
    expect(calls).toEqual(["pinned.test", "rebind.test"]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.host).toBe(`pinned.test:${port}`);
  });
});

describe("answers", () => {
  it("does not follow redirects", async () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    const port = await listen((_, response) => response.writeHead(307, { location: receiver.url }).end());
    expect(await send(`http://127.0.0.1:${port}/hooks`)).toMatchObject({ ok: false, status: 307 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toEqual([]);
  });

  it("reads the same for a closed port and a silent one", async () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    process.env.WEBHOOK_TIMEOUT_SECONDS = "1";
    const closedPort = await listen(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const silentPort = await listen(() => {}); // accepts, never answers
    const closed = await send(`http://127.0.0.1:${closedPort}/hooks`);
    const silent = await send(`http://127.0.0.1:${silentPort}/hooks`);
    expect(closed).toEqual({ ok: false, status: null, response: "No answer from the receiver" });
    expect(silent).toEqual(closed);
  });

  it("reads a 400 MiB answer only up to its cap: RSS stays flat and the receiver is cut off", async () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    const total = 400 * 1024 * 1024;
    let written = 0;
    let receiverClosed!: () => void;
    const cutOff = new Promise<void>((resolve) => (receiverClosed = resolve));
    const port = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/plain", "content-length": String(total) });
      const chunk = Buffer.alloc(64 * 1024, "x");
      const source = Readable.from(
        (function* () {
          while (written < total) {
            written += chunk.length;
            yield chunk;
          }
        })(),
      );
      source.pipe(response);
      response.on("close", () => {
        source.destroy();
        receiverClosed();
      });
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const result = await send(`http://127.0.0.1:${port}/big`);
    await cutOff;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    console.log(
      `400 MiB answer: RSS before ${mib(before)} MiB, peak ${mib(peak)} MiB (+${mib(peak - before)} MiB); ` +
        `receiver wrote ${mib(written)} MiB before the socket closed; ${Math.round(performance.now() - started)} ms`,
    );
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.response).toBe("x".repeat(500));
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);
});

describe("the stored body", () => {
  it("is read with its schema: a malformed row is a clear error that does not echo it, and nothing is sent", async () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32";
    for (const stored of ['{"id":"evt_1","data":{"name":"Maria da Silva"', '{"data":{"name":"Maria da Silva"}}']) {
      const delivery = deliverWebhook({
        url: receiver.url,
        secret: "whsec_test",
        event: "document.created",
        body: stored,
      });
      await expect(delivery).rejects.toThrow("The stored body is not the JSON of a webhook event");
      await expect(delivery).rejects.not.toThrow(/Maria/);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toEqual([]);
  });
});
