// The import preview's check for CPFs erased before (POST /api/documents/import/erased-check) over real HTTP on PGlite,
// or PostgreSQL with TEST_DATABASE_URL. It answers for the rows of an import — the rows the import itself would write —
// and nothing else: a bare list of CPFs is refused (before: any staff token could ask about 20,000 CPFs at a time), a
// row the import would refuse is not looked up, at most an import's worth of rows per call, and each check leaves one
// audit row with counts (never CPFs).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "@/lib/documents/import-rows.ts";
import { lgpdCpfHash } from "@/lib/lgpd/server/cpf-hash.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;

const erased = cpfFromBase(314_159_265);
const alsoErased = cpfFromBase(271_828_182);
const stranger = cpfFromBase(141_592_653);

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  // Two deletion receipts, as the worker leaves them: the keyed hash and the mask, no CPF.
  for (const cpf of [erased, alsoErased]) {
    await app.db.lgpdRequest.create({
      data: {
        instanceId: fx.instanceId,
        cpfHash: lgpdCpfHash(cpf),
        cpfMasked: "***.***.***-**",
        status: "done",
        processedAt: new Date(Date.now() - 86_400_000),
      },
    });
  }
});
afterAll(async () => app?.close());

async function check(body: unknown, token = fx.tokens.staff) {
  const response = await fetch(`${app.baseUrl}/api/documents/import/erased-check`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const row = (cpf: string, status = "Novo") => ({ status, product: "Seguro Auto", cpf, name: "Cliente" });

describe("the erased-CPF check of the import preview", () => {
  it("refuses a bare list of CPFs: it is not a look-up service", async () => {
    const probe = await check({ cpfs: [stranger, formatCpf(erased), erased, alsoErased] });
    // Before: 200 {erased: [1, 2, 3]} for any list of up to 20,000 CPFs.
    expect(probe.status).toBe(400);
    expect(probe.body).not.toHaveProperty("erased");
  });

  it("answers for the rows the import would write, and only those", async () => {
    const answer = await check({
      rows: [
        row(stranger),
        row(formatCpf(erased)),
        row(alsoErased, "Não existe"), // the import refuses this row: it is not looked up
        { ...row(alsoErased), product: "" }, // nor this one (no product)
        row(alsoErased),
      ],
    });
    expect(answer).toEqual({ status: 200, body: { erased: [1, 4] } });
  });

  it("takes at most an import's worth of rows", async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => row(cpfFromBase(100_000_000 + index)));
    expect((await check({ rows })).status).toBe(400);
  });

  it("is staff's, and each check is audited with counts, never CPFs", async () => {
    expect((await check({ rows: [row(erased)] }, fx.tokens.viewer)).status).toBe(403);
    const before = await app.db.auditLog.count({ where: { action: "lgpd_subject.import_check" } });
    expect((await check({ rows: [row(erased), row(stranger), row(erased, "Não existe")] })).body).toEqual({
      erased: [0],
    });
    const audits = await app.db.auditLog.findMany({
      where: { action: "lgpd_subject.import_check" },
      orderBy: { id: "desc" },
    });
    expect(audits).toHaveLength(before + 1);
    expect(audits[0]).toMatchObject({ entity: "lgpd_subject", actorType: "token" });
    expect(audits[0]!.details).toEqual({ rows: 3, checked: 2, erased: 1 });
    const written = JSON.stringify({ ...audits[0], id: String(audits[0]!.id) });
    for (const cpf of [erased, stranger]) {
      expect(written).not.toContain(cpf);
      expect(written).not.toContain(lgpdCpfHash(cpf));
    }
  });
});
