// The audit trail page's routes over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: admins
// only; filters by who, entity (and id: a document's timeline), action (exact or prefix) and days; personal values
// masked unless revealed (the reveal audited); the CSV export of exactly the filtered set (the export audited);
// system actors named "Sistema (CLI)" / "Sistema (rotina)"; nothing of another instance.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let foreign: InstanceFixture;

type Row = {
  actorType: string;
  actorLabel: string;
  action: string;
  entity: string;
  entityId: string | null;
  details: object;
  createdAt: Date;
};

const seeded: Row[] = [
  {
    actorType: "user",
    actorLabel: "ana@empresa.com",
    action: "user.create",
    entity: "user",
    entityId: "7",
    details: { email: "joao.pessoa@empresa.com", name: "João Pessoa", role: "staff" },
    createdAt: new Date("2026-03-01T15:00:00Z"),
  },
  {
    actorType: "user",
    actorLabel: "ana@empresa.com",
    action: "user.update",
    entity: "user",
    entityId: "7",
    details: { email: "joao.pessoa@empresa.com", changes: { role: { before: "staff", after: "admin" } } },
    createdAt: new Date("2026-03-02T15:00:00Z"),
  },
  {
    actorType: "system",
    actorLabel: "cli",
    action: "status.create",
    entity: "status",
    entityId: "3",
    details: { name: "Novo status" },
    createdAt: new Date("2026-03-03T15:00:00Z"),
  },
  {
    actorType: "system",
    actorLabel: "worker",
    action: "document.update",
    entity: "document",
    entityId: "42",
    details: { fields: ["status_id"] },
    createdAt: new Date("2026-03-04T15:00:00Z"),
  },
  {
    actorType: "token",
    actorLabel: "token:erp",
    action: "document.reveal",
    entity: "document",
    entityId: "42",
    details: { fields: ["cpf"] },
    createdAt: new Date("2026-03-05T15:00:00Z"),
  },
  {
    actorType: "token",
    actorLabel: "token:erp",
    action: "document.reveal",
    entity: "document",
    entityId: "43",
    details: { fields: ["cpf"] },
    createdAt: new Date("2026-03-06T15:00:00Z"),
  },
];

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  foreign = await createInstanceFixture(app.db, "outra");
  // Only the seeded rows in the searched window (fixtures may write their own rows today).
  for (const row of seeded) await app.db.auditLog.create({ data: { instanceId: fx.instanceId, ...row } });
  await app.db.auditLog.create({
    data: {
      instanceId: foreign.instanceId,
      actorType: "system",
      actorLabel: "cli",
      action: "status.create",
      entity: "status",
      entityId: "9",
      details: {},
      createdAt: new Date("2026-03-03T16:00:00Z"),
    },
  });
});
afterAll(async () => app?.close());

const WINDOW = { from: "2026-03-01", to: "2026-03-31" };

async function search(body: Record<string, unknown>, token = fx.tokens.admin) {
  const response = await app.post("admin/audit/search", { ...WINDOW, ...body }, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    revealed: boolean;
    items: {
      id: string;
      actor: string;
      action: string;
      entity_id: string | null;
      details: Record<string, unknown>;
      masked: boolean;
    }[];
  };
}

describe("the audit trail", () => {
  it("is for admins only", async () => {
    for (const token of [fx.tokens.viewer, fx.tokens.staff]) {
      expect((await app.post("admin/audit/search", {}, { token })).status).toBe(403);
      expect((await app.post("admin/audit/export", {}, { token })).status).toBe(403);
    }
  });

  it("lists this instance's rows newest first, with system actors in words", async () => {
    const page = await search({});
    expect(page.total).toBe(seeded.length);
    expect(page.items.map((item) => item.action)).toEqual([...seeded].reverse().map((row) => row.action));
    expect(page.items.find((item) => item.action === "status.create")!.actor).toBe("Sistema (CLI)");
    expect(page.items.find((item) => item.action === "document.update")!.actor).toBe("Sistema (rotina)");
  });

  it("filters by who, entity and id (a document's timeline), action exact or by prefix, and days", async () => {
    expect((await search({ actor: "ANA@" })).items.map((i) => i.action)).toEqual(["user.update", "user.create"]);
    const timeline = await search({ entity: "document", entity_id: "42" });
    expect(timeline.items.map((i) => [i.action, i.entity_id])).toEqual([
      ["document.reveal", "42"],
      ["document.update", "42"],
    ]);
    expect((await search({ action: "document.reveal" })).total).toBe(2);
    expect((await search({ action: "user." })).total).toBe(2);
    expect((await search({ action: "user" })).total).toBe(0);
    expect((await search({ from: "2026-03-02", to: "2026-03-04" })).items.map((i) => i.action)).toEqual([
      "document.update",
      "status.create",
      "user.update",
    ]);
    const refused = await app.post(
      "admin/audit/search",
      { from: "2026-03-05", to: "2026-03-01" },
      { token: fx.tokens.admin },
    );
    expect(refused.status).toBe(400);
  });

  it("masks personal values until revealed, and records the reveal with the rows shown", async () => {
    const masked = (await search({ action: "user.create" })).items[0]!;
    expect(masked.masked).toBe(true);
    expect(masked.details).toEqual({ email: "j**********@e******.com", name: "J*** P*****", role: "staff" });
    const before = await app.db.auditLog.count({ where: { instanceId: fx.instanceId, action: "audit.reveal" } });
    expect(before).toBe(0);
    const revealed = await search({ action: "user.create", reveal: true });
    expect(revealed.revealed).toBe(true);
    expect(revealed.items[0]!.details).toEqual({
      email: "joao.pessoa@empresa.com",
      name: "João Pessoa",
      role: "staff",
    });
    const audit = await app.db.auditLog.findFirstOrThrow({
      where: { instanceId: fx.instanceId, action: "audit.reveal" },
    });
    expect(audit).toMatchObject({ actorType: "token", entity: "audit" });
    expect(audit.details).toEqual({ filters: { action: "user.create", ...WINDOW }, rows: [revealed.items[0]!.id] });
  });

  it("exports exactly the filtered set as CSV (masked, with BOM), and records the export", async () => {
    const filters = { ...WINDOW, entity: "user" };
    const response = await app.post("admin/audit/export", filters, { token: fx.tokens.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM (checked on the bytes above).
    const parsed = Papa.parse<Record<string, string>>(new TextDecoder().decode(bytes), { header: true });
    const expected = await search(filters);
    expect(parsed.data.map((row) => row.id)).toEqual(expected.items.map((item) => item.id));
    expect(parsed.data.map((row) => row.action)).toEqual(["user.update", "user.create"]);
    const text = new TextDecoder().decode(bytes);
    expect(text).not.toContain("joao.pessoa@empresa.com");
    expect(text).toContain("j**********@e******.com");
    const audit = await app.db.auditLog.findFirstOrThrow({
      where: { instanceId: fx.instanceId, action: "audit.export" },
    });
    expect(audit.details).toEqual({ filters, count: 2 });
    // The foreign instance's row is in neither.
    expect(text).not.toContain('"9"');
  });
});
