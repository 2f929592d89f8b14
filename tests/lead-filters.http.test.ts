// Over HTTP: document/create takes an optional responsible person of the caller's instance (refused otherwise in the
// original service's error shape), the origins already used are listed for "Novo documento", and the list, its
// export and the dashboard's chart links agree on several statuses and on the new filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;
let ana = 0;
let foreign = 0;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
  const user = (instanceId: number, email: string) =>
    app.db.user.create({ data: { instanceId, name: email, email, role: "staff", passwordHash: "x" } });
  ana = (await user(fx.instanceId, "ana@example.com")).id;
  foreign = (await user(other.instanceId, "outra@example.com")).id;
});
afterAll(async () => app?.close());

async function call(route: string, body: unknown, token = fx.tokens.staff) {
  const response = await app.post(route, body, { token });
  return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers };
}

const document = (extra: Record<string, unknown>) => ({
  status_id: fx.statusIds["Novo"],
  product_id: fx.productId,
  cpf: "529.982.247-25",
  ...extra,
});

describe("document/create's user_id", () => {
  it("sets the responsible person and answers it with the sent fields", async () => {
    const created = await call("document/create", document({ user_id: ana, source: "chatbot" }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.user_id).toBe(ana);
    const stored = await app.db.document.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.userId).toBe(ana);
  });

  it("refuses another instance's user with 400 in the original service's shape, and creates nothing", async () => {
    const before = await app.db.document.count();
    const refused = await call("document/create", document({ user_id: foreign }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: "error",
      message: "Provided user_id parameter not exists on database",
      error: "BadRequest: Provided user_id parameter not exists on database",
      code: "unknown_reference",
      params: { field: "user_id" },
    });
    expect(await app.db.document.count()).toBe(before);
  });

  it("leaves the document with nobody responsible when user_id is absent or null", async () => {
    for (const extra of [{}, { user_id: null }]) {
      const created = await call("document/create", document(extra));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect((await app.db.document.findUniqueOrThrow({ where: { id: created.body.id } })).userId).toBeNull();
    }
  });
});

describe("GET /api/documents/sources", () => {
  it("lists the instance's origins for staff, never another instance's; a viewer is refused", async () => {
    await call("document/create", document({ source: "robô" }));
    await call("document/create", document({ source: "portal alheio" }), other.tokens.staff);
    const response = await app.get("documents/sources", { headers: { authorization: `Bearer ${fx.tokens.staff}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sources: ["chatbot", "robô"] });
    const viewer = await app.get("documents/sources", { headers: { authorization: `Bearer ${fx.tokens.viewer}` } });
    expect(viewer.status).toBe(403);
  });
});

describe("several statuses and the chart filters", () => {
  it("the list and the export count the same documents for several statuses", async () => {
    const analysis = fx.statusIds["Em análise"]!;
    await call("document/create", document({ status_id: analysis, name: "Duas situações" }));
    const filters = { status_ids: [fx.statusIds["Novo"], analysis] };
    const list = await call("documents/search", { filters, page_size: 1 });
    expect(list.status).toBe(200);
    const novo = await call("documents/search", { filters: { status_ids: [fx.statusIds["Novo"]] }, page_size: 1 });
    expect(list.body.total).toBe(novo.body.total + 1);
    const exported = await app.get(`documents/export.csv?filter=${encodeURIComponent(JSON.stringify(filters))}`, {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("x-total-count")).toBe(String(list.body.total));
  });

  it("accepts the late-days, finished-until, with-SLA and no-modality filters, and refuses a bad range", async () => {
    const accepted = await call("documents/search", {
      filters: {
        state: "finished",
        finished_from: "2026-01-01",
        finished_to: "2026-01-31",
        with_sla: true,
        modality_id: "none",
      },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const late = await call("documents/search", { filters: { sla: "late", late_days_min: 1, late_days_max: 3 } });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const backwards = await call("documents/search", { filters: { late_days_min: 7, late_days_max: 3 } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]?.path).toBe("filters.late_days_max");
  });
});
