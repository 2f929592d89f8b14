// `Idempotency-Key` on document/create and on the LGPD request. Same key and body replay the
// first answer, another body is refused (409), concurrent duplicates make one row, keys live 24 h. Both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency/server/idempotency.ts";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpdKey: string;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
});
afterAll(async () => app?.close());

let sequence = 0;
const uniqueKey = () => `key-${Date.now()}-${(sequence += 1)}`;

async function create(body: Record<string, unknown>, key?: string, token = fx.tokens.staff) {
  const response = await app.post("document/create", body, {
    token,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, any>,
    replayed: response.headers.get("idempotent-replayed"),
  };
}

const documentBody = (cpf: string) => ({
  status_id: fx.statusIds["Novo"],
  product_id: fx.productId,
  cpf,
  name: "Maria Silva",
  filled_columns: { placa: "ABC1D23" },
});
const documentsWith = (cpf: string) => app.db.document.count({ where: { instanceId: fx.instanceId, cpf } });

describe("document/create with Idempotency-Key", () => {
  it("replays the first answer (status and body) for the same key and body, creating one document", async () => {
    const key = uniqueKey();
    const first = await create(documentBody("100.000.000-01"), key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    // Same body with its keys in another order and an id as a numeric string: the same parsed body.
    const reordered = { ...documentBody("100.000.000-01"), product_id: String(fx.productId) };
    const second = await create(Object.fromEntries(Object.entries(reordered).reverse()), key);
    expect(second.status).toBe(200);
    expect(second.replayed).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(await documentsWith("100.000.000-01")).toBe(1);
  });

  it("refuses the same key with another body with 409 in the spec's shape, and creates nothing", async () => {
    const key = uniqueKey();
    expect((await create(documentBody("100.000.000-02"), key)).status).toBe(200);
    const refused = await create(documentBody("100.000.000-03"), key);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: "error", error: expect.stringMatching(/^Conflict: /) });
    expect(await documentsWith("100.000.000-03")).toBe(0);
  });

  it("keeps keys apart per credential, and without the header every request creates", async () => {
    const key = uniqueKey();
    await create(documentBody("100.000.000-04"), key, fx.tokens.staff);
    const otherToken = await create(documentBody("100.000.000-04"), key, fx.tokens.admin);
    expect(otherToken.replayed).toBeNull();
    await create(documentBody("100.000.000-04"));
    await create(documentBody("100.000.000-04"));
    expect(await documentsWith("100.000.000-04")).toBe(4);
  });

  it("makes one document from 12 concurrent duplicates, all answered with it", async () => {
    const key = uniqueKey();
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(documentBody("100.000.000-05"), key)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(await documentsWith("100.000.000-05")).toBe(1);
    const id = answers[0]!.body.id as number;
    expect(await app.db.documentHistory.count({ where: { documentId: id } })).toBe(1);
  });

  it("answers 400 for a malformed key, before doing anything", async () => {
    for (const key of ["x".repeat(256), "", "tab\tinside", "é"]) {
      const refused = await create(documentBody("100.000.000-06"), key);
      expect(refused.status, key).toBe(400);
      expect(refused.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String), code: "invalid" }]);
    }
    expect(await documentsWith("100.000.000-06")).toBe(0);
  });

  it("forgets a key after 24 hours (an expired key creates again; expired rows are purged)", async () => {
    const key = uniqueKey();
    const first = await create(documentBody("100.000.000-07"), key);
    const stored = await app.db.idempotencyKey.findFirstOrThrow({ where: { key } });
    const hours = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    await app.db.idempotencyKey.update({ where: { id: stored.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await create(documentBody("100.000.000-07"), key);
    expect(again.replayed).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    // One claim in a hundred also starts a purge in the background (its `now` taken when the claim ended) that may
    // still be on its way here: the row expires after that `now`, so only the purge below can take it (CI once lost
    // the row to the background one: "expected 0 to be ≥ 1"). The call with an earlier `now` is that purge, late.
    const backgroundNow = new Date();
    await app.db.idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() + 1000) } });
    expect(await purgeExpiredIdempotencyKeys(backgroundNow)).toBe(0);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(1);
    expect(await purgeExpiredIdempotencyKeys(new Date(Date.now() + 2000))).toBeGreaterThanOrEqual(1);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it("does not keep a stored answer once its document is deleted (it holds personal data)", async () => {
    const key = uniqueKey();
    const created = await create(documentBody("100.000.000-08"), key);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(1);
    await app.db.document.delete({ where: { id: created.body.id } });
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(0);
  });
});

describe("LGPD request with Idempotency-Key", () => {
  async function request(cpf: string, key?: string) {
    const response = await app.post(
      `lgpd/${fx.slug}/request`,
      { cpf },
      { headers: { "x-api-key": lgpdKey, ...(key === undefined ? {} : { "idempotency-key": key }) } },
    );
    return { status: response.status, body: await response.json() };
  }
  const requestsFor = (cpfDigits: string) =>
    app.db.lgpdRequest.count({
      where: { instanceId: fx.instanceId, cpfMasked: `***.${cpfDigits.slice(3, 6)}.${cpfDigits.slice(6, 9)}-**` },
    });

  it("replays the first answer even after the request was processed, instead of asking again", async () => {
    const cpf = cpfFromBase(700_000_001);
    const key = uniqueKey();
    const first = await request(cpf, key);
    expect(first).toEqual({
      status: 200,
      body: { status: "pending", message: "Request received. Please use the status method to check progress" },
    });
    // The worker finishes it (as processing does: status done, no pending key).
    await app.db.lgpdRequest.updateMany({
      where: { instanceId: fx.instanceId, pendingKey: { not: null } },
      data: { status: "done", pendingKey: null, cpfPending: null, processedAt: new Date() },
    });
    expect(await request(cpf, key)).toEqual(first);
    expect(await requestsFor(cpf)).toBe(1);
    // Without the key, a new request is a new deletion request.
    expect((await request(cpf)).status).toBe(200);
    expect(await requestsFor(cpf)).toBe(2);
  });

  it("refuses the same key with another CPF with 409 in the LGPD shape; malformed keys with 400", async () => {
    const key = uniqueKey();
    expect((await request(cpfFromBase(700_000_002), key)).status).toBe(200);
    const other = cpfFromBase(700_000_003);
    expect(await request(other, key)).toEqual({
      status: 409,
      body: { status: "error", message: "Idempotency-Key already used with a different body" },
    });
    expect(await request(other, "x".repeat(300))).toEqual({
      status: 400,
      body: { status: "error", message: "Invalid Idempotency-Key" },
    });
    expect(await requestsFor(other)).toBe(0);
  });

  it("makes one request row from concurrent duplicates", async () => {
    const cpf = cpfFromBase(700_000_004);
    const key = uniqueKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(cpf, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await requestsFor(cpf)).toBe(1);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(1);
  });
});

describe("LGPD access request with Idempotency-Key (the contract's flag, as the deletion request)", () => {
  async function access(cpf: string, key?: string) {
    const response = await app.post(
      `lgpd/${fx.slug}/access`,
      { cpf },
      { headers: { "x-api-key": lgpdKey, ...(key === undefined ? {} : { "idempotency-key": key }) } },
    );
    return { status: response.status, body: await response.json() };
  }

  it("replays the first answer; refuses the key with another CPF (409) and a malformed key (400) in the LGPD shape", async () => {
    const cpf = cpfFromBase(700_000_011);
    const key = uniqueKey();
    const first = await access(cpf, key);
    expect(first).toEqual({
      status: 200,
      body: { status: "pending", message: "Request received. Please use the status method to check progress" },
    });
    expect(await access(cpf, key)).toEqual(first);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(1);
    const other = cpfFromBase(700_000_012);
    expect(await access(other, key)).toEqual({
      status: 409,
      body: { status: "error", message: "Idempotency-Key already used with a different body" },
    });
    expect(await access(other, "x".repeat(300))).toEqual({
      status: 400,
      body: { status: "error", message: "Invalid Idempotency-Key" },
    });
    expect(await app.db.lgpdAccessRequest.count({ where: { instanceId: fx.instanceId } })).toBe(1);
  });
});

describe("API reference", () => {
  it("documents the Idempotency-Key header on both routes", async () => {
    const spec = (await (await app.get("openapi.json")).json()) as { paths: Record<string, any> };
    for (const path of ["/document/create", "/lgpd/{instance}/request"]) {
      expect(spec.paths[path].post.parameters).toContainEqual(
        expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }),
      );
    }
  });
});
