import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchDocumentsResult } from "@/lib/documents/search-schema.ts";
import { normalizeIdentifier } from "@/lib/identifiers/identifiers.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

// Masking by policy: per role, per instance, enforced by POST /api/documents/search; the page reveal is
// one audit entry; every error carries a code. Real HTTP, real database.

let app: TestApp;
let alpha: InstanceFixture;
let beta: InstanceFixture;
const ids: number[] = [];

const CPF = "529.982.247-25";
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  app = await startTestApp();
  alpha = await createInstanceFixture(app.db, "alpha");
  beta = await createInstanceFixture(app.db, "beta");
  for (const [index, name] of ["Helena Duarte", "Caio Mendes"].entries()) {
    const row = await app.db.document.create({
      data: {
        instanceId: alpha.instanceId,
        protocol: `MASK-${index}`,
        statusId: alpha.statusIds["Novo"],
        productId: alpha.productId,
        cpf: CPF,
        cpfDigits: normalizeIdentifier(CPF),
        name,
        email: `person${index}@example.com`,
        phone: "+55 11 91234-5678",
        filledColumns: {},
        slaStart: new Date(),
        dateTime: new Date(),
      },
    });
    ids.push(row.id);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function firstItem(token: string) {
  const response = await app.post("documents/search", { filters: { cpf: CPF } }, { token });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, item: (JSON.parse(text) as SearchDocumentsResult).items[0]! };
}

describe("masking policy", () => {
  it("defaults to identifiers and contacts masked, names visible, for every role", async () => {
    const answer = await app.get("admin/settings/masking-policy", bearer(alpha.tokens.admin));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      admin: ["cpf", "email", "phone"],
      staff: ["cpf", "email", "phone"],
      viewer: ["cpf", "email", "phone"],
    });
    const { item, text } = await firstItem(alpha.tokens.viewer);
    expect(item).toMatchObject({ cpf: "***.982.247-**", email: "p******@e******.com", phone: "+** ** *****-5678" });
    expect(["Helena Duarte", "Caio Mendes"]).toContain(item.name);
    expect(text).not.toContain("529.982.247-25");
  });

  it("is changed by admins only, per role and per instance, and the list never sends a masked value", async () => {
    const refused = await app.post(
      "admin/settings/masking-policy",
      { admin: [], staff: [], viewer: [] },
      {
        token: alpha.tokens.staff,
      },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Forbidden/),
      code: "forbidden",
    });

    const saved = await app.post(
      "admin/settings/masking-policy",
      { admin: [], staff: ["name", "cpf"], viewer: ["cpf", "name", "email", "phone"] },
      { token: alpha.tokens.admin },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      admin: [],
      staff: ["cpf", "name"],
      viewer: ["cpf", "name", "email", "phone"],
    });

    const staff = await firstItem(alpha.tokens.staff);
    expect(staff.item.name).toMatch(/^[HC]\*+ [DM]\*+$/);
    expect(staff.item.email).toMatch(/^person\d@example\.com$/);
    for (const name of ["Helena", "Caio", "Duarte", "Mendes"]) expect(staff.text).not.toContain(name);
    const admin = await firstItem(alpha.tokens.admin);
    expect(admin.item.cpf).toBe(CPF);
    const viewer = await firstItem(alpha.tokens.viewer);
    expect(viewer.text).not.toContain("example.com");

    // Another instance keeps the default.
    const other = await app.get("admin/settings/masking-policy", bearer(beta.tokens.admin));
    expect((await other.json()).staff).toEqual(["cpf", "email", "phone"]);
    const audit = await app.db.auditLog.count({
      where: { instanceId: alpha.instanceId, action: "masking_policy.update" },
    });
    expect(audit).toBe(1);
  });

  it("refuses unknown fields with coded field errors", async () => {
    const response = await app.post(
      "admin/settings/masking-policy",
      { admin: ["cpf"], staff: ["salary"], viewer: [] },
      { token: alpha.tokens.admin },
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: "error", message: "Invalid parameters", code: "invalid_parameters" });
    expect(body.errors[0]).toMatchObject({ path: "staff.0", code: "invalid_value" });
  });
});

describe("reveal this page", () => {
  it("answers the rows' real data with ONE audit entry and no history rows; other instances' ids are not answered", async () => {
    const foreign = await app.db.document.create({
      data: {
        instanceId: beta.instanceId,
        protocol: "MASK-BETA",
        statusId: beta.statusIds["Novo"],
        productId: beta.productId,
        cpf: "111.444.777-35",
        cpfDigits: "11144477735",
        name: "Beta Person",
        filledColumns: {},
        slaStart: new Date(),
        dateTime: new Date(),
      },
    });
    const before = await app.db.documentHistory.count({ where: { documentId: { in: ids } } });
    const response = await app.post(
      "documents/reveal-page",
      { ids: [...ids, foreign.id] },
      { token: alpha.tokens.staff },
    );
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as {
      items: Array<{ id: number; cpf: string; cpf_formatted: string; name: string }>;
    };
    expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
    expect(items[0]).toMatchObject({ cpf: CPF, cpf_formatted: CPF });
    expect(JSON.stringify(items)).not.toContain("Beta Person");

    const entries = await app.db.auditLog.findMany({
      where: { instanceId: alpha.instanceId, action: "document.reveal" },
      orderBy: { id: "asc" },
    });
    // One row per document shown, each naming its document (found by its protocol or CPF on the audit page).
    expect(entries.map((entry) => entry.documentId)).toEqual([...ids].sort((a, b) => a - b));
    expect(entries.every((entry) => (entry.details as { page?: boolean }).page === true)).toBe(true);
    // No CPF in the details, in either spelling (a bare "529" also matched a random request id once).
    const details = JSON.stringify(entries.map((entry) => entry.details));
    for (const spelling of [CPF, CPF.replace(/\D/g, "")]) expect(details).not.toContain(spelling);
    expect(await app.db.documentHistory.count({ where: { documentId: { in: ids } } })).toBe(before);
  });

  it("is refused to viewers, and an empty or oversized page is a coded 400", async () => {
    const viewer = await app.post("documents/reveal-page", { ids }, { token: alpha.tokens.viewer });
    expect(viewer.status).toBe(403);
    const empty = await app.post("documents/reveal-page", { ids: [] }, { token: alpha.tokens.staff });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors[0]).toMatchObject({ path: "ids", code: "too_small", params: { minimum: 1 } });
    const tooMany = await app.post(
      "documents/reveal-page",
      { ids: Array.from({ length: 101 }, (_, index) => index + 1) },
      { token: alpha.tokens.staff },
    );
    expect(tooMany.status).toBe(400);
  });
});

describe("error codes", () => {
  it("a refused transition and an unknown document carry stable codes with params", async () => {
    const refused = await app.post(
      "document/updateById",
      { id: ids[0], status_id: alpha.statusIds["Em execução"] },
      { token: alpha.tokens.staff },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Conflict: Transition from status "Novo"/),
      code: "transition_not_allowed",
      params: { from: "Novo", to: "Em execução" },
    });
    const missing = await app.get("documents/999999", bearer(alpha.tokens.viewer));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "document_not_found" });
  });
});
