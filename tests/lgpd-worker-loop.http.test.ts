// The deletion loop that instrumentation.ts starts inside the app process (LGPD_WORKER unset): a request made over
// HTTP is processed without anyone calling the processor.
import { afterAll, beforeAll, expect, it } from "vitest";
import { stopAllPollingLoops } from "@/lib/jobs/polling-loop.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let main: LgpdInstance;

beforeAll(async () => {
  // vitest.config.ts turns the loop off for every other file; this one wants the app's own loop, polling fast.
  process.env.LGPD_WORKER = "on";
  process.env.LGPD_POLL_SECONDS = "0.2";
  app = await startTestApp();
  main = await createLgpdInstance(app.db, "default");
});
afterAll(async () => {
  await stopAllPollingLoops();
  await app?.close();
});

it("the app's own loop picks up a request and completes it", async () => {
  // Started by instrumentation.ts's register() when the app came up (the state lives on globalThis).
  expect((globalThis as Record<string, unknown>)["__docflowJobLoop:lgpd"]).toMatchObject({ owner: expect.any(String) });
  const digits = cpfFromBase(192837465);
  const document = await insertDocument(app.db, main, formatCpf(digits), {
    observations: 1,
    attachments: 1,
    history: 2,
  });
  const headers = { "content-type": "application/json", "x-api-key": main.key };
  const posted = await fetch(`${app.baseUrl}/api/lgpd/default/request`, {
    method: "POST",
    headers,
    body: JSON.stringify({ cpf: digits }),
  });
  expect(posted.status).toBe(200);

  let body: Record<string, unknown> = {};
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${app.baseUrl}/api/lgpd/default/status/${digits}`, { headers });
    body = (await response.json()) as Record<string, unknown>;
    if (body.status !== "pending") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(body).toMatchObject({
    message: "Request found",
    status: "done",
    details: { deleted: { documents: 1, observations: 1, attachments: 1, history: 2 } },
  });
  expect(await app.db.document.count({ where: { id: document.id } })).toBe(0);
  const row = await app.db.lgpdRequest.findFirstOrThrow({ where: { instanceId: main.instanceId } });
  expect(row).toMatchObject({ status: "done", cpfPending: null, leaseOwner: null });
});
