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
    // The actor as the page's list gives it (exact label).
    expect((await search({ actor: "ana@empresa.com" })).items.map((i) => i.action)).toEqual([
      "user.update",
      "user.create",
    ]);
    expect((await search({ actor: "ANA@" })).total).toBe(0);
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
    // `;` between cells and Portuguese headers, as a Brazilian spreadsheet opens it.
    const text = new TextDecoder().decode(bytes);
    const [headerLine] = text.split("\r\n");
    expect(headerLine).toBe(
      "Nº do registro de auditoria;Data e hora (São Paulo);Quem;Tipo de evento;O que aconteceu;Protocolo;Registro;Motivo;Código do evento;Detalhes",
    );
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, delimiter: ";", skipEmptyLines: true });
    const expected = await search(filters);
    expect(parsed.data.map((row) => row["Nº do registro de auditoria"])).toEqual(expected.items.map((item) => item.id));
    expect(parsed.data.map((row) => row["Código do evento"])).toEqual(["user.update", "user.create"]);
    expect(parsed.data.map((row) => row["O que aconteceu"])).toEqual([
      "ana@empresa.com alterou o usuário nº 7",
      "ana@empresa.com criou o usuário nº 7",
    ]);
    // São Paulo time: 15:00 UTC is 12:00 there.
    expect(parsed.data[1]!["Data e hora (São Paulo)"]).toBe("01/03/2026, 12:00:00");
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

describe("the audit trail by person", () => {
  it("finds a person's rows by protocol or by CPF (hashed on the server), with the record's protocol and id", async () => {
    const cpf = "529.982.247-25";
    const created = await app.post(
      "document/create",
      { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf, name: "Maria" },
      { token: fx.tokens.admin },
    );
    expect(created.status).toBe(200);
    const { id, protocol } = (await created.json()) as { id: number; protocol: string };
    const updated = await app.post("document/updateById", { id, name: "Maria Souza" }, { token: fx.tokens.admin });
    expect(updated.status).toBe(200);
    const lookup = await app.post("admin/lgpd-subject/lookup", { cpf }, { token: fx.tokens.admin });
    expect(lookup.status).toBe(200);

    const body = { page: 1, page_size: 50 };
    const post = async (filters: Record<string, unknown>) => {
      const response = await app.post("admin/audit/search", { ...body, ...filters }, { token: fx.tokens.admin });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        total: number;
        total_capped: boolean;
        items: Array<{ action: string; document_id: number | null; protocol: string | null; actor_name: string }>;
      };
    };
    const byProtocol = await post({ subject: protocol });
    expect(byProtocol.items.map((item) => [item.action, item.document_id, item.protocol])).toEqual([
      ["document.update", id, protocol],
    ]);
    expect(byProtocol.total_capped).toBe(false);
    const byCpf = await post({ subject: "52998224725" });
    expect(byCpf.items.map((item) => item.action)).toEqual(["lgpd_subject.lookup", "document.update"]);
    expect((await post({ subject: "111.444.777-35" })).total).toBe(0);
    // The search's own audit rows never hold the CPF typed.
    const exported = await app.post("admin/audit/export", { subject: cpf }, { token: fx.tokens.admin });
    expect(exported.status).toBe(200);
    const rows = await app.db.auditLog.findMany({ where: { instanceId: fx.instanceId } });
    expect(JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value))).not.toMatch(
      /529\.?982\.?247-?25/,
    );
  });
});
