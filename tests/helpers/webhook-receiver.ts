// A real HTTP receiver for webhook tests, on an ephemeral port: records every request (headers, raw body, time) and
// answers 200 (after `answerAfterMs`, a slow receiver; with `answerWith`'s text, an integrator that echoes what it got)
// — or, while `down`, 503.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedHook = { headers: Record<string, string>; body: string; json: any; receivedAt: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedHook[];
  setDown: (down: boolean) => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedHook[]>;
  close: () => Promise<void>;
};

export async function startWebhookReceiver(
  listenPort = 0,
  options: { answerAfterMs?: number; answerWith?: (json: any) => string } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let down = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (down) {
        response.writeHead(503, { "content-type": "text/plain" }).end("receiver down for maintenance");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body,
        json: JSON.parse(body),
        receivedAt: performance.now(),
      });
      const text = options.answerWith ? options.answerWith(JSON.parse(body)) : '{"ok":true}';
      const answer = () => response.writeHead(200, { "content-type": "application/json" }).end(text);
      if (options.answerAfterMs) setTimeout(answer, options.answerAfterMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    setDown: (value) => {
      down = value;
    },
    waitFor: async (count, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
