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
});
