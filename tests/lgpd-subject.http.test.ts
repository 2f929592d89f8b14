// The data-subject page's routes over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: admins
// only; the lookup (summary and requests, audited with the mask only); an access package generated and downloaded by
// staff (audited per download); a deletion requested by staff (source admin) that deletes the ready package.
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf, insertDocument } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let foreign: InstanceFixture;
const person = cpfFromBase(271_828_182);
const unknown = cpfFromBase(314_159_265);
let documentIds: number[] = [];

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  foreign = await createInstanceFixture(app.db, "outra");
  const a = await insertDocument(app.db, fx, formatCpf(person), { observations: 2, attachments: 1, history: 3 });
  const b = await insertDocument(app.db, fx, person, { observations: 1 });
  documentIds = [a.id, b.id];
  await insertDocument(app.db, foreign, person, { observations: 4 });
});
afterAll(async () => app?.close());

const post = (route: string, cpf: string, token = fx.tokens.admin) =>
  app.post(`admin/lgpd-subject/${route}`, { cpf }, { token });

async function lookup(cpf: string) {
  const response = await post("lookup", cpf);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    cpf_masked: string;
    summary: Record<string, number> | null;
    deletions: { id: number; status: string; source: string }[];
    accesses: {
      id: number;
      status: string;
      package_available: boolean;
      package_deleted_at: string | null;
      downloads: number;
    }[];
  };
}

const download = (id: number, token = fx.tokens.admin) =>
  fetch(`${app.baseUrl}/api/admin/lgpd-access/${id}/download`, { headers: { authorization: `Bearer ${token}` } });

describe("the data-subject routes", () => {
  it("refuse viewers and staff, and an invalid CPF", async () => {
    for (const token of [fx.tokens.viewer, fx.tokens.staff]) {
      for (const route of ["lookup", "access", "deletion"]) expect((await post(route, person, token)).status).toBe(403);
      expect((await download(1, token)).status).toBe(403);
    }
    expect((await post("lookup", "123.456.789-00")).status).toBe(400);
    expect(await app.db.lgpdAccessRequest.count()).toBe(0);
    expect(await app.db.lgpdRequest.count()).toBe(0);
  });

  it("look a CPF up: nothing for an unknown one, this instance's counts for a known one; each lookup audited", async () => {
    const none = await lookup(unknown);
    expect(none).toEqual({
      cpf_masked: "***.159.265-**",
      lookup_id: expect.any(String),
      summary: null,
      deletions: [],
      accesses: [],
      returned_documents: 0,
      records: [],
    });
    const known = await lookup(formatCpf(person));
    expect(known.summary).toMatchObject({ documents: 2, observations: 3, attachments: 1, messages: 0, history: 3 });
    const audits = await app.db.auditLog.findMany({
      where: { instanceId: fx.instanceId, action: "lgpd_subject.lookup" },
      orderBy: { id: "asc" },
    });
    expect(audits.map((row) => row.details)).toEqual([{ found: false }, { found: true }]);
    expect(audits[0]).toMatchObject({ actorType: "token", actorLabel: "token:default-admin" });
    expect(JSON.stringify(audits.map((row) => [row.entityId, row.details]))).not.toContain(person);
  });

  it("list the records found, newest first, this instance's only, the name masked per the caller's policy", async () => {
    const before = await app.db.auditLog.count({ where: { action: "lgpd_subject.lookup" } });
    const first = await post("lookup", person);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { lookup_id: string; records: Record<string, unknown>[] };
    const stored = await app.db.document.findMany({
      where: { id: { in: documentIds } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(answer.records).toEqual(
      stored.map((document) => ({
        id: document.id,
        protocol: document.protocol,
        status: "Novo",
        name: "Maria da Silva",
        created_at: document.createdAt.toISOString(),
        tie: "owned",
      })),
    );
    // The same look-up under a policy that masks names (the documents list's rule): the name masked, never clear.
    await app.db.maskingPolicy.upsert({
      where: { instanceId_role: { instanceId: fx.instanceId, role: "admin" } },
      create: { instanceId: fx.instanceId, role: "admin", maskedFields: ["cpf", "name"] },
      update: { maskedFields: ["cpf", "name"] },
    });
    try {
      const refreshed = await app.post(
        "admin/lgpd-subject/lookup",
        { cpf: person, lookup_id: answer.lookup_id },
        { token: fx.tokens.admin },
      );
      const masked = (await refreshed.json()) as { records: { name: string | null }[] };
      expect(masked.records).toHaveLength(2);
      for (const record of masked.records) {
        expect(record.name).not.toBeNull();
        expect(record.name).not.toContain("Maria da Silva");
      }
    } finally {
      await app.db.maskingPolicy.deleteMany({ where: { instanceId: fx.instanceId, role: "admin" } });
    }
    // A look-up and its refresh: one audit row.
    expect(await app.db.auditLog.count({ where: { action: "lgpd_subject.lookup" } })).toBe(before + 1);
  });

  it("generate a package (one pending per CPF) and download it, each download audited", async () => {
    const first = await post("access", formatCpf(person));
    expect(first.status).toBe(200);
    const created = (await first.json()) as {
      created: boolean;
      request: { id: number; status: string; source: string };
    };
    expect(created).toMatchObject({ created: true, request: { status: "pending", source: "admin" } });
    const again = (await (await post("access", person)).json()) as { created: boolean; request: { id: number } };
    expect(again).toMatchObject({ created: false, request: { id: created.request.id } });
    expect((await download(created.request.id)).status).toBe(404);

    await processDueAccessRequests({ owner: "test-subject" });
    const [ready] = (await lookup(person)).accesses;
    expect(ready).toMatchObject({ id: created.request.id, status: "done", package_available: true, downloads: 0 });
    const response = await download(created.request.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`acesso-lgpd-${created.request.id}.zip`);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files["dados.json"]!)) as { documents: { id: number }[] };
    expect(data.documents.map((doc) => doc.id).sort()).toEqual([...documentIds].sort());
    // Another instance's admin cannot reach it.
    expect((await download(created.request.id, foreign.tokens.admin)).status).toBe(404);
    expect((await lookup(person)).accesses[0]!.downloads).toBe(1);
    const audits = await app.db.auditLog.findMany({
      where: { entity: "lgpd_access", entityId: String(created.request.id) },
      orderBy: { id: "asc" },
    });
    expect(audits.map((row) => [row.action, row.actorType, row.actorLabel])).toEqual([
      ["lgpd_access.request", "token", "token:default-admin"],
      ["lgpd_access.download", "token", "token:default-admin"],
    ]);
  });

  it("request the deletion: recorded as admin's, audited; the ready package stays until the erasure runs", async () => {
    const response = await post("deletion", person);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { created: boolean; request: { id: number; status: string } };
    expect(answer).toMatchObject({ created: true, request: { status: "pending" } });
    expect((await (await post("deletion", person)).json()) as { created: boolean }).toMatchObject({ created: false });
    const overview = await lookup(person);
    expect(overview.deletions).toEqual([
      expect.objectContaining({ id: answer.request.id, status: "pending", source: "admin" }),
    ]);
    // Access before erasure: "send me my data, then delete it" — the package goes with the erasure itself.
    expect(overview.accesses[0]).toMatchObject({ package_available: true, package_deleted_at: null });
    expect((await download(overview.accesses[0]!.id)).status).toBe(200);
    expect((await processDueRequests({ owner: "subject-test" })).results).toEqual([
      expect.objectContaining({ id: answer.request.id, outcome: "done" }),
    ]);
    const erased = await lookup(person);
    expect(erased.accesses[0]).toMatchObject({ package_available: false });
    expect(erased.accesses[0]!.package_deleted_at).not.toBeNull();
    expect((await download(overview.accesses[0]!.id)).status).toBe(404);
    const audit = await app.db.auditLog.findFirst({
      where: { action: "lgpd_request.create", entityId: String(answer.request.id) },
    });
    expect(audit).toMatchObject({ actorType: "token", details: { source: "admin" } });
  });

  it("keep the instance's answer deadline: LGPD_DEADLINE_DAYS until set, then 15 or 30 (audited)", async () => {
    const read = async () =>
      (await (
        await app.get("admin/lgpd-deadline", { headers: { authorization: `Bearer ${fx.tokens.admin}` } })
      ).json()) as { deadline_days: number };
    expect(await read()).toEqual({ deadline_days: 15 });
    const put = (body: unknown, token = fx.tokens.admin) =>
      fetch(`${app.baseUrl}/api/admin/lgpd-deadline`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put({ deadline_days: 30 }, fx.tokens.staff)).status).toBe(403);
    expect((await put({ deadline_days: 20 })).status).toBe(400);
    expect(await read()).toEqual({ deadline_days: 15 });
    const saved = await put({ deadline_days: 30 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ deadline_days: 30 });
    expect(await read()).toEqual({ deadline_days: 30 });
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: "instance.lgpd_deadline" } });
    expect(audit.details).toEqual({ changes: { lgpd_deadline_days: { before: null, after: 30 } } });
    // Another instance keeps its own.
    const other = await app.get("admin/lgpd-deadline", {
      headers: { authorization: `Bearer ${foreign.tokens.admin}` },
    });
    expect(await other.json()).toEqual({ deadline_days: 15 });
  });
});
