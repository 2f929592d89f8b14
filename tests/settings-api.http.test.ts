// The settings API (app/api/admin/settings/**) over real HTTP on the built app, on PGlite or PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import { verifyPassword } from "@/lib/auth/server/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
});
afterAll(async () => app?.close());

const HOUR = 3_600_000;
const ALL_DAY = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [["00:00", "24:00"]]]));

type Answer = { status: number; body: any };

async function api(method: string, path: string, body?: unknown, token = fx.tokens.admin): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const S = "admin/settings";

async function createDocument(extra: Record<string, unknown>) {
  const result = await api(
    "POST",
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", ...extra },
    fx.tokens.staff,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function auditRows(action: string) {
  return app.db.auditLog.findMany({ where: { instanceId: fx.instanceId, action }, orderBy: { id: "asc" } });
}

describe("authorization", () => {
  const ROUTES: Array<[string, string]> = [
    ["GET", `${S}/categories`],
    ["POST", `${S}/categories`],
    ["PATCH", `${S}/categories/1`],
    ["DELETE", `${S}/categories/1`],
    ["GET", `${S}/statuses`],
    ["POST", `${S}/statuses`],
    ["PATCH", `${S}/statuses/1`],
    ["DELETE", `${S}/statuses/1`],
    ["GET", `${S}/products`],
    ["POST", `${S}/products`],
    ["GET", `${S}/products/1`],
    ["PATCH", `${S}/products/1`],
    ["DELETE", `${S}/products/1`],
    ["POST", `${S}/products/1/columns`],
    ["PATCH", `${S}/products/1/columns/1`],
    ["DELETE", `${S}/products/1/columns/1`],
    ["POST", `${S}/products/1/steps`],
    ["PATCH", `${S}/products/1/steps/1`],
    ["DELETE", `${S}/products/1/steps/1`],
    ["GET", `${S}/modalities`],
    ["POST", `${S}/modalities`],
    ["GET", `${S}/modalities/1`],
    ["PATCH", `${S}/modalities/1`],
    ["DELETE", `${S}/modalities/1`],
    ["POST", `${S}/modalities/1/holidays`],
    ["DELETE", `${S}/modalities/1/holidays/2030-01-01`],
    ["GET", `${S}/users`],
    ["POST", `${S}/users`],
    ["PATCH", `${S}/users/1`],
    ["POST", `${S}/users/1/reset-password`],
  ];

  it("refuses staff and viewer tokens on every settings route with 403, and no credentials with 401", async () => {
    for (const [method, path] of ROUTES) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      for (const role of ["staff", "viewer"] as const) {
        const result = await api(method, path, body, fx.tokens[role]);
        expect(result.status, `${role} ${method} ${path}`).toBe(403);
        expect(result.body.error).toMatch(/^Forbidden: /);
      }
      const anonymous = await fetch(`${app.baseUrl}/api/${path}`, { method });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
  });

  it("keeps each admin inside their instance: another instance's ids are 404", async () => {
    const foreign = await api("PATCH", `${S}/statuses/${other.statusIds["Novo"]}`, { name: "x" });
    expect(foreign.status).toBe(404);
    const foreignDelete = await api("DELETE", `${S}/products/${other.productId}`);
    expect(foreignDelete.status).toBe(404);
    const list = await api("GET", `${S}/statuses`);
    expect(list.body.map((status: { id: number }) => status.id)).not.toContain(other.statusIds["Novo"]);
  });
});

describe("categories", () => {
  it("lists the spec's five, creates, validates, updates and deletes; one in use cannot be deleted", async () => {
    const list = await api("GET", `${S}/categories`);
    expect(list.status).toBe(200);
    expect(list.body.map((category: { key: string }) => category.key)).toEqual([
      "primary",
      "valid",
      "pause",
      "final",
      "invalid",
    ]);
    expect(list.body[0]).toMatchObject({ label: "Acesso", kind: "open", status_count: 1 });

    const created = await api("POST", `${S}/categories`, { key: "review", label: "Revisão", kind: "pause" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: "review", label: "Revisão", kind: "pause", order: 6 });

    const duplicate = await api("POST", `${S}/categories`, { key: "review", label: "Outra", kind: "open" });
    expect(duplicate.status).toBe(409);
    const invalid = await api("POST", `${S}/categories`, { key: "Bad Key", label: "", kind: "closed" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["key", "kind", "label"]);

    const updated = await api("PATCH", `${S}/categories/${created.body.id}`, { label: "Em revisão", order: 9 });
    expect(updated.body).toMatchObject({ label: "Em revisão", order: 9, key: "review" });

    const inUse = await api("DELETE", `${S}/categories/${fx.categoryIds["primary"]}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/used by 1 status/);

    const deleted = await api("DELETE", `${S}/categories/${created.body.id}`);
    expect(deleted.status).toBe(200);
    const rows = await auditRows("category.delete");
    expect(rows.at(-1)).toMatchObject({ entity: "category", entityId: String(created.body.id) });
  });
});

describe("statuses", () => {
  it("creates a status with colours, SLA, step and transitions, and validates every field", async () => {
    const invalid = await api("POST", `${S}/statuses`, {
      name: "",
      category_id: fx.categoryIds["valid"],
      text_color: "red",
      bg_color: "#12345",
      sla: -1,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "bg_color",
      "name",
      "sla",
      "text_color",
    ]);
    // Each field error names a code the UI translates: our own rules (colour) by name, zod's by its issue code.
    const codes = Object.fromEntries(
      invalid.body.errors.map((error: { path: string; code: string }) => [error.path, error.code]),
    );
    expect(codes).toEqual({ bg_color: "colour", name: "too_small", sla: "too_small", text_color: "colour" });

    const unknownRefs = await api("POST", `${S}/statuses`, {
      name: "Fantasma",
      category_id: other.categoryIds["valid"],
      step_id: other.stepIds["Triagem"],
      allowed_status_ids: [other.statusIds["Novo"]],
    });
    expect(unknownRefs.status).toBe(400);
    expect(unknownRefs.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "category_id",
      "step_id",
      "allowed_status_ids",
    ]);

    const created = await api("POST", `${S}/statuses`, {
      name: "Vistoria",
      description: "Aguardando vistoria do veículo",
      category_id: fx.categoryIds["valid"],
      sla: 12,
      text_color: "#FFFFFF",
      bg_color: "#1d4ed8",
      step_id: fx.stepIds["Análise"],
      allowed_status_ids: [fx.statusIds["Em execução"], fx.statusIds["Cancelado"]],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Vistoria",
      category: "valid",
      category_id: fx.categoryIds["valid"],
      sla: 12,
      text_color: "#ffffff",
      bg_color: "#1d4ed8",
      step_id: fx.stepIds["Análise"],
      allowed_status_ids: [fx.statusIds["Em execução"], fx.statusIds["Cancelado"]].sort((a, b) => a - b),
      order: 7,
    });

    const self = await api("PATCH", `${S}/statuses/${created.body.id}`, { allowed_status_ids: [created.body.id] });
    expect(self.status).toBe(400);

    const patched = await api("PATCH", `${S}/statuses/${created.body.id}`, { sla: null, name: "Vistoria prévia" });
    expect(patched.body).toMatchObject({ sla: null, name: "Vistoria prévia", text_color: "#ffffff" });
    const [audit] = (await auditRows("status.update")).slice(-1);
    expect(audit?.details).toMatchObject({
      changes: { sla: { before: 12, after: null }, name: { before: "Vistoria", after: "Vistoria prévia" } },
    });

    // The public catalog shows the change.
    const catalog = await api("POST", "status/loadAll", {}, fx.tokens.viewer);
    expect(catalog.body.find((status: { id: number }) => status.id === created.body.id)?.name).toBe("Vistoria prévia");

    const deleted = await api("DELETE", `${S}/statuses/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(await app.db.status.findUnique({ where: { id: created.body.id } })).toBeNull();
  });

  it("refuses to delete a status in use, saying how many documents use it", async () => {
    const status = await api("POST", `${S}/statuses`, { name: "Em uso", category_id: fx.categoryIds["valid"] });
    await createDocument({ status_id: status.body.id });
    await createDocument({ status_id: status.body.id });
    const refused = await api("DELETE", `${S}/statuses/${status.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: "error", error: expect.stringMatching(/^Conflict: /) });
    expect(refused.body.message).toMatch(/"Em uso" is used by 2 documents/);
    expect(refused.body).toMatchObject({ code: "status_in_use", params: { name: "Em uso", count: 2 } });
    const list = await api("GET", `${S}/statuses`);
    expect(list.body.find((row: { id: number }) => row.id === status.body.id)?.document_count).toBe(2);
  });

  it("refuses to delete the only allowed target of another status (that would open it to anywhere)", async () => {
    const target = await api("POST", `${S}/statuses`, { name: "Alvo único", category_id: fx.categoryIds["valid"] });
    const source = await api("POST", `${S}/statuses`, {
      name: "Origem",
      category_id: fx.categoryIds["valid"],
      allowed_status_ids: [target.body.id],
    });
    const refused = await api("DELETE", `${S}/statuses/${target.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only allowed transition of "Origem"/);
    await api("PATCH", `${S}/statuses/${source.body.id}`, { allowed_status_ids: [] });
    expect((await api("DELETE", `${S}/statuses/${target.body.id}`)).status).toBe(200);
  });

  it("saves transitions that document/updateById then enforces (409), and none means anywhere", async () => {
    const gate = await api("POST", `${S}/statuses`, {
      name: "Triagem restrita",
      category_id: fx.categoryIds["primary"],
      allowed_status_ids: [fx.statusIds["Cancelado"]],
    });
    expect(gate.status).toBe(201);
    const document = await createDocument({ status_id: gate.body.id });
    const refused = await api(
      "POST",
      "document/updateById",
      { id: document.id, status_id: fx.statusIds["Concluído"] },
      fx.tokens.staff,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not allowed/);

    // Opening the status to every move (no transitions) lets the same change through.
    const opened = await api("PATCH", `${S}/statuses/${gate.body.id}`, { allowed_status_ids: [] });
    expect(opened.body.allowed_status_ids).toEqual([]);
    const allowed = await api(
      "POST",
      "document/updateById",
      { id: document.id, status_id: fx.statusIds["Em análise"] },
      fx.tokens.staff,
    );
    expect(allowed.status).toBe(200);

    const restricted = await api("PATCH", `${S}/statuses/${fx.statusIds["Em análise"]}`, {
      allowed_status_ids: [fx.statusIds["Cancelado"]],
    });
    expect(restricted.body.allowed_status_ids).toEqual([fx.statusIds["Cancelado"]]);
    const blocked = await api(
      "POST",
      "document/updateById",
      { id: document.id, status_id: fx.statusIds["Em execução"] },
      fx.tokens.staff,
    );
    expect(blocked.status).toBe(409);
    const cancelled = await api(
      "POST",
      "document/updateById",
      { id: document.id, status_id: fx.statusIds["Cancelado"] },
      fx.tokens.staff,
    );
    expect(cancelled.status).toBe(200);
  });
});

describe("products, columns and steps", () => {
  it("creates a product with columns and steps, with safe unique keys", async () => {
    const created = await api("POST", `${S}/products`, { name: "Seguro Residencial", sla: 48 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Seguro Residencial", sla: 48, active: true, description: "" });
    const id = created.body.id;

    const column = await api("POST", `${S}/products/${id}/columns`, { key: "cep", label: "CEP", type: "string" });
    expect(column.status).toBe(201);
    expect(column.body).toMatchObject({ key: "cep", label: "CEP", type: "string", order: 1 });
    const second = await api("POST", `${S}/products/${id}/columns`, { key: "area_m2", label: "Área", type: "number" });
    expect(second.body.order).toBe(2);
    const duplicate = await api("POST", `${S}/products/${id}/columns`, { key: "cep", label: "Outro", type: "date" });
    expect(duplicate.status).toBe(409);
    for (const key of ["CEP", "ce p", "cep-1", "", "a".repeat(61), "çep"]) {
      const unsafe = await api("POST", `${S}/products/${id}/columns`, { key, label: "x", type: "string" });
      expect(unsafe.status, key).toBe(400);
      expect(unsafe.body.errors[0].path).toBe("key");
    }
    const renameClash = await api("PATCH", `${S}/products/${id}/columns/${second.body.id}`, { key: "cep" });
    expect(renameClash.status).toBe(409);
    const retyped = await api("PATCH", `${S}/products/${id}/columns/${second.body.id}`, {
      type: "string",
      label: "Área (m²)",
    });
    expect(retyped.body).toMatchObject({ key: "area_m2", type: "string", label: "Área (m²)" });

    // Same key on another product is fine.
    const elsewhere = await api("POST", `${S}/products/${fx.productId}/columns`, {
      key: "cep",
      label: "CEP",
      type: "string",
    });
    expect(elsewhere.status).toBe(201);

    const step = await api("POST", `${S}/products/${id}/steps`, { name: "Cotação" });
    const step2 = await api("POST", `${S}/products/${id}/steps`, { name: "Emissão" });
    expect([step.body.order, step2.body.order]).toEqual([1, 2]);
    await api("PATCH", `${S}/products/${id}/steps/${step.body.id}`, { order: 3 });

    const detail = await api("GET", `${S}/products/${id}`);
    expect(detail.body.steps.map((row: { name: string }) => row.name)).toEqual(["Emissão", "Cotação"]);
    expect(detail.body.columns.map((row: { key: string }) => row.key)).toEqual(["cep", "area_m2"]);

    expect((await api("DELETE", `${S}/products/${id}/columns/${column.body.id}`)).status).toBe(200);
    expect((await api("DELETE", `${S}/products/${id}/steps/${step2.body.id}`)).status).toBe(200);
    const after = await api("GET", `${S}/products/${id}`);
    expect(after.body.columns.map((row: { key: string }) => row.key)).toEqual(["area_m2"]);
    expect(after.body.steps.map((row: { name: string }) => row.name)).toEqual(["Cotação"]);
    // A column of another product cannot be reached through this one.
    const crossed = await api("DELETE", `${S}/products/${id}/columns/${elsewhere.body.id}`);
    expect(crossed.status).toBe(404);

    expect((await api("DELETE", `${S}/products/${id}`)).status).toBe(200);
    expect((await api("GET", `${S}/products/${id}`)).status).toBe(404);
  });

  it("refuses to delete a product with documents (deactivate instead)", async () => {
    const product = await api("POST", `${S}/products`, { name: "Com documentos" });
    await createDocument({ product_id: product.body.id });
    const refused = await api("DELETE", `${S}/products/${product.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/has 1 document .*deactivate it instead/);
    const deactivated = await api("PATCH", `${S}/products/${product.body.id}`, { active: false });
    expect(deactivated.body.active).toBe(false);
    const audit = (await auditRows("product.update")).at(-1);
    expect(audit?.details).toMatchObject({ changes: { active: { before: true, after: false } } });
  });
});

describe("modalities and SLA calendars", () => {
  it("validates calendars: HH:MM, end after start, no overlaps, known time zone", async () => {
    const cases: Array<[unknown, string]> = [
      [{ "1": [["9:00", "18:00"]] }, "working_hours.1.0.0"],
      [{ "1": [["18:00", "09:00"]] }, "working_hours.1.0"],
      [
        {
          "2": [
            ["08:00", "12:00"],
            ["11:00", "14:00"],
          ],
        },
        "working_hours.2",
      ],
      [{ "8": [["08:00", "12:00"]] }, "working_hours"],
    ];
    for (const [working_hours, path] of cases) {
      const result = await api("POST", `${S}/modalities`, { identifier: "Inválida", working_hours });
      expect(result.status, JSON.stringify(working_hours)).toBe(400);
      expect(result.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const zone = await api("POST", `${S}/modalities`, { identifier: "Inválida", time_zone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(zone.body.errors[0].path).toBe("time_zone");

    const ok = await api("POST", `${S}/modalities`, {
      identifier: "Dois turnos",
      working_hours: {
        "3": [
          ["13:00", "18:00"],
          ["08:00", "12:00"],
        ],
        "1": [
          ["12:00", "13:00"],
          ["08:00", "12:00"],
        ],
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      identifier: "Dois turnos",
      time_zone: "America/Sao_Paulo",
      working_hours: {
        "1": [
          ["08:00", "12:00"],
          ["12:00", "13:00"],
        ],
        "3": [
          ["08:00", "12:00"],
          ["13:00", "18:00"],
        ],
      },
    });
    const duplicate = await api("POST", `${S}/modalities`, { identifier: "Dois turnos" });
    expect(duplicate.status).toBe(409);
    const plain = await api("PATCH", `${S}/modalities/${ok.body.id}`, { working_hours: null, time_zone: "UTC" });
    expect(plain.body).toMatchObject({ working_hours: null, time_zone: "UTC" });
    expect((await api("DELETE", `${S}/modalities/${ok.body.id}`)).status).toBe(200);
  });

  it("a holiday added to a modality moves the sla_end of documents created afterwards", async () => {
    const modality = await api("POST", `${S}/modalities`, { identifier: "Plantão", working_hours: ALL_DAY });
    expect(modality.status).toBe(201);
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      new Date(Date.now() + 24 * HOUR),
    );

    const before = await createDocument({ modality_identifier: "Plantão", sla_total: 24 });
    expect(new Date(before.sla_end).getTime() - new Date(before.sla_start).getTime()).toBe(24 * HOUR);

    const added = await api("POST", `${S}/modalities/${modality.body.id}/holidays`, {
      holidays: [{ date: tomorrow, name: "Feriado municipal" }],
    });
    expect(added.status).toBe(201);
    expect(added.body.holidays).toEqual([{ date: tomorrow, name: "Feriado municipal" }]);
    const again = await api("POST", `${S}/modalities/${modality.body.id}/holidays`, {
      holidays: [{ date: tomorrow, name: "De novo" }],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(tomorrow);
    const badDate = await api("POST", `${S}/modalities/${modality.body.id}/holidays`, {
      holidays: [{ date: "2030-02-30", name: "Nunca" }],
    });
    expect(badDate.status).toBe(400);

    // Tomorrow (São Paulo) no longer counts: 24 working hours now end 48 hours after the start.
    const after = await createDocument({ modality_identifier: "Plantão", sla_total: 24 });
    expect(new Date(after.sla_end).getTime() - new Date(after.sla_start).getTime()).toBe(48 * HOUR);
    // Existing documents keep the deadline they were given.
    const reloaded = await app.db.document.findUniqueOrThrow({ where: { id: before.id } });
    expect(reloaded.slaEnd?.toISOString()).toBe(before.sla_end);

    const removed = await api("DELETE", `${S}/modalities/${modality.body.id}/holidays/${tomorrow}`);
    expect(removed.status).toBe(200);
    expect(removed.body.holidays).toEqual([]);
    expect((await api("DELETE", `${S}/modalities/${modality.body.id}/holidays/${tomorrow}`)).status).toBe(404);
    const third = await createDocument({ modality_identifier: "Plantão", sla_total: 24 });
    expect(new Date(third.sla_end).getTime() - new Date(third.sla_start).getTime()).toBe(24 * HOUR);

    const inUse = await api("DELETE", `${S}/modalities/${modality.body.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/used by 3 documents/);
    const actions = (
      await app.db.auditLog.findMany({ where: { entity: "modality", entityId: String(modality.body.id) } })
    )
      .map((row) => row.action)
      .sort();
    expect(actions).toEqual(["modality.create", "modality.holiday_remove", "modality.holidays_add"]);
  });

  it("renaming a modality carries the new name to its documents", async () => {
    const modality = await api("POST", `${S}/modalities`, { identifier: "Balcão antigo" });
    const document = await createDocument({ modality_identifier: "Balcão antigo" });
    const renamed = await api("PATCH", `${S}/modalities/${modality.body.id}`, { identifier: "Balcão" });
    expect(renamed.status).toBe(200);
    const loaded = await api("POST", "document/loadById", { id: document.id }, fx.tokens.viewer);
    expect(loaded.body.fields_to_show.Modalidade).toBe("Balcão");
  });
});

describe("users", () => {
  it("creates users with a typed or generated password, changes roles, disables and resets, with audit rows", async () => {
    // Another admin, so that Joana (promoted below) is not the last one when she is disabled.
    const chief = await api("POST", `${S}/users`, { email: "chefe@example.com", name: "Chefe", role: "admin" });
    expect(chief.status).toBe(201);
    const typed = await api("POST", `${S}/users`, {
      email: "  Joana@Example.com ",
      name: "Joana",
      role: "staff",
      password: "uma-senha-longa",
    });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ email: "joana@example.com", role: "staff", disabled: false });
    expect(typed.body).not.toHaveProperty("generated_password");
    const joana = await app.db.user.findUniqueOrThrow({ where: { id: typed.body.id } });
    expect(await verifyPassword("uma-senha-longa", joana.passwordHash)).toBe(true);

    const generated = await api("POST", `${S}/users`, { email: "pedro@example.com", name: "Pedro", role: "viewer" });
    expect(generated.status).toBe(201);
    expect(generated.body.generated_password).toMatch(/^\S{16,}$/);
    const pedro = await app.db.user.findUniqueOrThrow({ where: { id: generated.body.id } });
    expect(await verifyPassword(generated.body.generated_password, pedro.passwordHash)).toBe(true);

    const duplicate = await api("POST", `${S}/users`, { email: "joana@example.com", name: "J", role: "staff" });
    expect(duplicate.status).toBe(409);
    const invalid = await api("POST", `${S}/users`, { email: "nope", name: "", role: "root", password: "short" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "email",
      "name",
      "password",
      "role",
    ]);

    const list = await api("GET", `${S}/users`);
    expect(list.body.map((user: { email: string }) => user.email)).toEqual([
      "chefe@example.com",
      "joana@example.com",
      "pedro@example.com",
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/password|scrypt/);

    const promoted = await api("PATCH", `${S}/users/${typed.body.id}`, { role: "admin" });
    expect(promoted.body.role).toBe("admin");

    // A document-API token issued to Joana (what POST /api/auth/token gives) works until she is disabled.
    const session = await createApiToken({
      instanceId: fx.instanceId,
      name: "session",
      role: "admin",
      kind: "session",
      userId: typed.body.id,
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect((await api("GET", `${S}/users`, undefined, session.token)).status).toBe(200);

    // Joana cannot demote or disable herself.
    const selfDemote = await api("PATCH", `${S}/users/${typed.body.id}`, { role: "staff" }, session.token);
    expect(selfDemote.status).toBe(409);
    expect(selfDemote.body.message).toMatch(/own role/);
    expect(selfDemote.body.code).toBe("self_role");
    const selfDisable = await api("PATCH", `${S}/users/${typed.body.id}`, { disabled: true }, session.token);
    expect(selfDisable.status).toBe(409);
    expect(selfDisable.body.message).toMatch(/disable your own account/);
    expect(selfDisable.body.code).toBe("self_disable");
    // …but may rename herself and manage others.
    expect((await api("PATCH", `${S}/users/${typed.body.id}`, { name: "Joana S." }, session.token)).status).toBe(200);

    const startedAt = Date.now();
    const disabled = await api("PATCH", `${S}/users/${typed.body.id}`, { disabled: true });
    expect(disabled.body.disabled).toBe(true);
    const row = await app.db.user.findUniqueOrThrow({ where: { id: typed.body.id } });
    expect(row.sessionsValidFrom.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect((await api("GET", `${S}/users`, undefined, session.token)).status).toBe(401);
    const enabled = await api("PATCH", `${S}/users/${typed.body.id}`, { disabled: false });
    expect(enabled.body.disabled).toBe(false);
    // The session token stays revoked after re-enabling: she signs in again.
    expect((await api("GET", `${S}/users`, undefined, session.token)).status).toBe(401);

    const reset = await api("POST", `${S}/users/${generated.body.id}/reset-password`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.generated_password).not.toBe(generated.body.generated_password);
    const pedroAfter = await app.db.user.findUniqueOrThrow({ where: { id: generated.body.id } });
    expect(await verifyPassword(reset.body.generated_password, pedroAfter.passwordHash)).toBe(true);
    expect(await verifyPassword(generated.body.generated_password, pedroAfter.passwordHash)).toBe(false);
    expect(pedroAfter.sessionsValidFrom.getTime()).toBeGreaterThan(pedro.sessionsValidFrom.getTime());

    const audit = await app.db.auditLog.findMany({
      where: { instanceId: fx.instanceId, entity: "user" },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      "user.create",
      "user.create",
      "user.create",
      "user.update",
      "user.update",
      "user.disable",
      "user.enable",
      "user.reset_password",
    ]);
    expect(audit[1]).toMatchObject({
      actorLabel: "token:default-admin",
      entityId: String(typed.body.id),
      details: { email: "joana@example.com", role: "staff", password: "set" },
    });
    expect(audit[2]?.details).toMatchObject({ password: "generated" });
    expect(audit[4]).toMatchObject({ actorLabel: "joana@example.com", actorId: typed.body.id });
    const serialized = JSON.stringify(audit.map((entry) => entry.details));
    expect(serialized).not.toContain("uma-senha-longa");
    expect(serialized).not.toContain(generated.body.generated_password);
    expect(serialized).not.toContain(reset.body.generated_password);
    expect(serialized).not.toMatch(/scrypt\$/);
  });

  it("never leaves the instance without an enabled admin", async () => {
    const admin = await api("POST", `${S}/users`, { email: "unico@example.com", name: "Único", role: "admin" });
    // Disable every other admin, so this one is the last.
    const others = await app.db.user.findMany({
      where: { instanceId: fx.instanceId, role: "admin", disabled: false, id: { not: admin.body.id } },
    });
    expect(others.length).toBeGreaterThan(0);
    for (const user of others) {
      expect((await api("PATCH", `${S}/users/${user.id}`, { disabled: true })).status).toBe(200);
    }
    const demote = await api("PATCH", `${S}/users/${admin.body.id}`, { role: "viewer" });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/at least one enabled admin/);
    const disable = await api("PATCH", `${S}/users/${admin.body.id}`, { disabled: true });
    expect(disable.status).toBe(409);
  });
});
