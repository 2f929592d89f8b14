import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe("test harness", () => {
  it("serves the built app over HTTP on a seeded database, with tokens per role", async () => {
    const fixture = await createInstanceFixture(app.db);
    const ok = await app.post("product/loadAll", {}, { token: fixture.tokens.viewer });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBeTruthy();
    const denied = await app.post("product/loadAll", {}, { token: "dft_not-a-token" });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^Unauthorized: /) });
  });

  // The server runs in the test's own process: while a test's synchronous work (a bulk insert on PGlite) blocks the
  // event loop past the server's keep-alive timeout, the next fetch takes the pooled socket before the server's
  // timer closes it, and gets ECONNRESET (seen in dashboard-csv's 2,345-row export on a loaded machine).
  it("answers on a kept-alive connection after the process was blocked longer than Node's keep-alive timeout", async () => {
    const fixture = await createInstanceFixture(app.db, "keepalive");
    expect((await app.post("product/loadAll", {}, { token: fixture.tokens.viewer })).status).toBe(200);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6_000);
    expect((await app.post("product/loadAll", {}, { token: fixture.tokens.viewer })).status).toBe(200);
  });
});
