import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-tokens.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe("smoke", () => {
  it("answers product/loadAll with a valid token and 401 without", async () => {
    const instance = await app.db.instance.create({ data: { slug: "default", name: "Default" } });
    await app.db.product.create({ data: { instanceId: instance.id, name: "Seguro" } });
    const { token } = await createApiToken({ instanceId: instance.id, name: "t", role: "staff" });
    const ok = await app.post("product/loadAll", {}, { token });
    expect(ok.status).toBe(200);
    const products = await ok.json();
    expect(products.map((p: { name: string }) => p.name)).toEqual(["Seguro"]);
    const denied = await app.post("product/loadAll", {});
    expect(denied.status).toBe(401);
  });
});
