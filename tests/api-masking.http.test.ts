// Over real HTTP on the built app and a real database: document/loadById and
// loadByCPF mask the customer's personal data for viewers' tokens, new tokens and a staff user's own session token,
// as the role's masking policy says (the staff list's: by default CPF, e-mail and phone); an admin can let
// a staff/admin integration token read them in clear (APIs menu / admin API), and each such read is counted on the
// token — the count, never the values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let documentId: number;

const CUSTOMER = {
  cpf: "529.982.247-25",
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "+55 11 99999-1234",
};
const CLEAR = { CPF: CUSTOMER.cpf, Cliente: CUSTOMER.name, Email: CUSTOMER.email, Telefone: CUSTOMER.phone };
/** The default policy: identifier and contacts masked, the name shown (as on the staff list). */
const MASKED = { ...CLEAR, CPF: "***.982.247-**", Email: "m****@e******.com", Telefone: "+** ** *****-1234" };
const MASKED_ALL = { ...MASKED, Cliente: "M**** d* S****" };

async function call(route: string, body: unknown, token: string): Promise<{ status: number; body: any }> {
  const response = await app.post(route, body, { token });
  return { status: response.status, body: await response.json() };
}

const personal = (view: Json) => {
  const { CPF, Cliente, Email, Telefone } = view.fields_to_show as Json;
  return { CPF, Cliente, Email, Telefone };
};

async function reads(token: string) {
  const byId = await call("document/loadById", { id: documentId }, token);
  const byCpf = await call("document/loadByCPF", { cpf: CUSTOMER.cpf }, token);
  expect(byId.status, JSON.stringify(byId.body)).toBe(200);
  expect(byCpf.status, JSON.stringify(byCpf.body)).toBe(200);
  expect(byCpf.body).toHaveLength(1);
  // The original's document/filter answers the same read views: the same masking.
  const filtered = await call("document/filter", { uuid: [byId.body.uuid] }, token);
  expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
  expect(filtered.body).toHaveLength(1);
  expect(personal(filtered.body[0])).toEqual(personal(byId.body));
  return { byId: personal(byId.body), byCpf: personal(byCpf.body[0]) };
}

const admin = (route: string, body?: unknown) =>
  body === undefined
    ? app.get(route, { headers: { authorization: `Bearer ${fx.tokens.admin}` } })
    : app.post(route, body, { token: fx.tokens.admin });

async function tokenRow(id: number): Promise<Json> {
  const list = (await (await admin("admin/tokens")).json()) as { items: Json[] };
  return list.items.find((item) => item.id === id)!;
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  const created = await call(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, ...CUSTOMER },
    fx.tokens.admin,
  );
  documentId = created.body.id;
});
afterAll(async () => app?.close());

describe("the document API masks personal data by default", () => {
  it("a viewer's token reads CPF, e-mail and phone masked, as on the staff list", async () => {
    expect(await reads(fx.tokens.viewer)).toEqual({ byId: MASKED, byCpf: MASKED });
  });

  it("a staff user's own token (POST /api/auth/token) reads them masked too: a person reveals on the page", async () => {
    await app.db.user.create({
      data: {
        instanceId: fx.instanceId,
        email: "script@masking.test",
        name: "Script",
        role: "admin",
        passwordHash: await hashTestPassword("script-password-123"),
      },
    });
    const issued = await app.post("auth/token", { email: "script@masking.test", password: "script-password-123" });
    expect(issued.status).toBe(200);
    const { token } = (await issued.json()) as { token: string };
    expect(await reads(token)).toEqual({ byId: MASKED, byCpf: MASKED });
  });
});

describe("the document API follows the role's masking policy", () => {
  it("an admin's policy change applies to the API reads of that role at once, per role", async () => {
    const saved = await admin("admin/settings/masking-policy", {
      admin: ["cpf", "email", "phone"],
      staff: ["cpf", "email", "phone"],
      viewer: ["cpf", "name", "email", "phone"],
    });
    expect(saved.status).toBe(200);
    expect(await reads(fx.tokens.viewer)).toEqual({ byId: MASKED_ALL, byCpf: MASKED_ALL });
    const staffOnly = await admin("admin/settings/masking-policy", {
      admin: ["cpf", "email", "phone"],
      staff: ["cpf", "email", "phone"],
      viewer: ["phone"],
    });
    expect(staffOnly.status).toBe(200);
    const phoneOnly = { ...CLEAR, Telefone: MASKED.Telefone };
    expect(await reads(fx.tokens.viewer)).toEqual({ byId: phoneOnly, byCpf: phoneOnly });
    // Back to the default for the tests below.
    const reset = await admin("admin/settings/masking-policy", {
      admin: ["cpf", "email", "phone"],
      staff: ["cpf", "email", "phone"],
      viewer: ["cpf", "email", "phone"],
    });
    expect(reset.status).toBe(200);
  });
});

describe("integration tokens an admin allows to read in clear", () => {
  it("a new token is masked until the admin sets it; then reads are clear and counted, never with the values", async () => {
    const created = await admin("admin/tokens", { name: "crm", role: "staff" });
    expect(created.status).toBe(201);
    const token = (await created.json()) as Json;
    expect(token).toMatchObject({ clear_personal_data: false, unmasked_reads: 0 });
    expect(await reads(token.token)).toEqual({ byId: MASKED, byCpf: MASKED });
    expect(await tokenRow(token.id)).toMatchObject({ clear_personal_data: false, unmasked_reads: 0 });

    const set = await admin(`admin/tokens/${token.id}/personal-data`, { clear: true });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: token.id, clear_personal_data: true });
    expect(await reads(token.token)).toEqual({ byId: CLEAR, byCpf: CLEAR });
    await reads(token.token);
    const listed = await (await admin("admin/tokens")).text();
    const row = (JSON.parse(listed) as { items: Json[] }).items.find((item) => item.id === token.id)!;
    // Two rounds of reads() in clear: loadById, loadByCPF and document/filter each time.
    expect(row).toMatchObject({ clear_personal_data: true, unmasked_reads: 6 });
    for (const value of Object.values(CUSTOMER)) expect(listed).not.toContain(value);
    const audit = await app.db.auditLog.findFirst({ where: { action: "api_token.personal_data" } });
    expect(audit).toMatchObject({ entityId: String(token.id) });
    expect(JSON.stringify(audit!.details)).not.toContain(CUSTOMER.cpf);

    // Masked again: at once on this server (the auth cache forgets the token).
    expect((await admin(`admin/tokens/${token.id}/personal-data`, { clear: false })).status).toBe(200);
    expect(await reads(token.token)).toEqual({ byId: MASKED, byCpf: MASKED });
    expect(await tokenRow(token.id)).toMatchObject({ clear_personal_data: false, unmasked_reads: 6 });
  });

  it("a viewer token can never read in clear; other instances' tokens are not found", async () => {
    const viewer = await admin("admin/tokens", { name: "viewer-clear", role: "viewer", clear_personal_data: true });
    expect(viewer.status).toBe(400);
    const plain = (await (await admin("admin/tokens", { name: "viewer", role: "viewer" })).json()) as Json;
    expect((await admin(`admin/tokens/${plain.id}/personal-data`, { clear: true })).status).toBe(400);
    expect((await admin(`admin/tokens/999999/personal-data`, { clear: true })).status).toBe(404);
    expect((await admin(`admin/tokens/${plain.id}/personal-data`, { clear: "yes" })).status).toBe(400);
    const byStaff = await app.post(
      `admin/tokens/${plain.id}/personal-data`,
      { clear: false },
      { token: fx.tokens.staff },
    );
    expect(byStaff.status).toBe(403);
  });
});
