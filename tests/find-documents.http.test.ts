import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FindDocumentsResult } from "@/lib/documents/find-schema.ts";
import { normalizeIdentifier } from "@/lib/identifiers/identifiers.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

// POST /api/documents/find (the staff find box) over real HTTP on a real database: roles, the error shape,
// the instance boundary, and the masking policy applied to what is searched and to what is answered.

let app: TestApp;
let alpha: InstanceFixture;
let beta: InstanceFixture;
const ids: Record<string, number> = {};

async function insert(fixture: InstanceFixture, protocol: string, cpf: string, extra: Record<string, unknown>) {
  const now = new Date();
  const row = await app.db.document.create({
    data: {
      instanceId: fixture.instanceId,
      protocol,
      statusId: fixture.statusIds["Novo"],
      productId: fixture.productId,
      cpf,
      cpfDigits: normalizeIdentifier(cpf),
      slaStart: now,
      dateTime: now,
      ...extra,
    },
  });
  return row.id;
}

async function find(body: unknown, token = alpha.tokens.viewer) {
  const response = await app.post("documents/find", body, { token });
  return { status: response.status, body: (await response.json()) as FindDocumentsResult & { error?: string } };
}

beforeAll(async () => {
  app = await startTestApp();
  alpha = await createInstanceFixture(app.db, "alpha");
  beta = await createInstanceFixture(app.db, "beta");
  ids.alpha = await insert(alpha, "20261125-000101", "529.982.247-25", {
    name: "Joana Conceição",
    email: "joana@exemplo.com",
    filledColumns: { placa: "HTT1A23" },
  });
  ids.beta = await insert(beta, "20261125-000102", "529.982.247-25", {
    name: "Joana Conceição",
    filledColumns: { placa: "HTT1A23" },
  });
});
afterAll(async () => {
  await app?.close();
});

describe("POST /api/documents/find", () => {
  it("finds by protocol without the hyphen, only in the caller's instance", async () => {
    const { status, body } = await find({ q: "20261125000101" });
    expect(status).toBe(200);
    expect(body.items.map((item) => item.id)).toEqual([ids.alpha]);
    expect(body.items[0]!.matched).toEqual({ field: "protocol", key: null, value: "20261125-000101" });
    const other = await find({ q: "20261125-000102" });
    expect(other.body.items).toEqual([]);
  });

  it("words match a name without accents and a plate, and say so", async () => {
    const name = await find({ q: "conceicao" });
    expect(name.body.items.map((item) => [item.id, item.matched.field])).toEqual([[ids.alpha, "name"]]);
    const plate = await find({ q: "htt1a" });
    expect(plate.body.items[0]!.matched).toEqual({ field: "column", key: "placa", value: "HTT1A23" });
  });

  it("a viewer (CPF and e-mail masked by default) finds a CPF only whole and never by an e-mail", async () => {
    expect((await find({ q: "529982" })).body.items).toEqual([]);
    const whole = await find({ q: "52998224725" });
    expect(whole.body.items.map((item) => item.id)).toEqual([ids.alpha]);
    expect(whole.body.items[0]!.matched.value).toBe("***.982.247-**");
    expect((await find({ q: "exemplo" })).body.items).toEqual([]);
    // Not even whole: the answer would confirm an address the viewer reads masked.
    expect((await find({ q: "joana@exemplo.com" })).body.items).toEqual([]);
  });

  it("answers 400 in the spec's shape for an empty or too long text, 401 without credentials", async () => {
    const empty = await find({ q: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^BadRequest/);
    expect((await find({ q: "x".repeat(101) })).status).toBe(400);
    expect((await find({ q: "a", extra: 1 })).status).toBe(400);
    const anonymous = await app.post("documents/find", { q: "joana" }, { token: "" });
    expect(anonymous.status).toBe(401);
  });
});
