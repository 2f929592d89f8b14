// Identity over time, over real HTTP on PGlite, or PostgreSQL with TEST_DATABASE_URL. A document entered under CPF A
// and corrected to B (document/updateById) is B's: A's access package carries only what the history says was A's
// (and names the record "corrigido para outro titular"), A's erasure masks exactly that and leaves B's documents
// whole, and B's erasure discards A's package, which included that record. An access package waits for the erasure
// itself: a pending deletion does not discard it, a denied one never does.
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, unknown>;

let app: TestApp;
let fx: InstanceFixture;
let lgpdKey: string;

const A = cpfFromBase(120_340_560); // the CPF typed first
const B = cpfFromBase(230_450_670); // the person the record really is
const ANA = { name: "Ana Antunes Arruda", email: "ana.arruda@example.org", phone: "+55 11 91111-2222" };
const BRUNA = { name: "Bruna Barros Bastos", email: "bruna.bastos@example.net", phone: "+55 21 93333-4444" };
const WEBHOOK = "https://hooks.example/integra/s3cr3t-path?token=abc123";

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
});
afterAll(async () => app?.close());

async function call(method: string, route: string, body?: unknown, token = fx.tokens.staff) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : {}) as Json;
}

async function lgpd(method: "GET" | "POST", path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/${path}`, {
    method,
    headers: { "content-type": "application/json", "x-api-key": lgpdKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const createDocument = async (input: Json) =>
  Number(
    (await call("POST", "document/create", { status_id: fx.statusIds["Novo"], product_id: fx.productId, ...input })).id,
  );

/** A's record corrected to B (B's data in every field the correction set), with B's observation and ID file; and
 * B's own other document that names her. */
async function correctedRecord(a: string, b: string, tag: string) {
  const record = await createDocument({
    cpf: formatCpf(a),
    ...ANA,
    source: "balcão",
    filled_columns: { renda: `renda-ana-${tag}`, agencia: "0001" },
  });
  await call("POST", "document/updateById", {
    id: record,
    cpf: b,
    ...BRUNA,
    filled_columns: { renda: `renda-bruna-${tag}` },
  });
  await call("POST", `documents/${record}/observations`, { text: `Bruna ligou ${tag}`, visibility: "internal" });
  await app.db.attachment.create({
    data: {
      documentId: record,
      fileName: `RG-bruna-${tag}.pdf`,
      mediaType: "application/pdf",
      size: 14,
      content: Buffer.from(`rg-bruna-bytes-${tag}`),
      authorLabel: "atendente",
    },
  });
  const other = await createDocument({ cpf: b, ...BRUNA });
  const note = `${BRUNA.name} ligou, e-mail ${BRUNA.email} ${tag}`;
  await call("POST", `documents/${other}/observations`, { text: note, visibility: "internal" });
  return { record, other, note };
}

async function buildAccessPackage(cpf: string) {
  expect((await lgpd("POST", "access", { cpf })).status).toBe(200);
  await processDueAccessRequests({ owner: "identity-test" });
  const status = await lgpd("GET", `access/${cpf}`);
  expect(status.body.status).toBe("done");
  return String(status.body.download_url);
}

async function erase(cpf: string) {
  expect((await lgpd("POST", "request", { cpf })).status).toBe(200);
  return (await processDueRequests({ owner: "identity-test", limit: 10 })).results;
}

const spDate = (at: Date) => at.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

describe("a record corrected from A to B", () => {
  it("A's package holds what the history says was A's, nothing of B, and names the correction", async () => {
    const endpoint = await app.db.webhookEndpoint.create({
      data: { instanceId: fx.instanceId, url: WEBHOOK, events: [], secretCipher: "unused", secretHint: "x" },
    });
    const { record } = await correctedRecord(A, B, "pkg");
    // A document A really owns, sent to an integrator: the package names it by host, never its path or query.
    const own = await createDocument({ cpf: A, ...ANA });
    await app.db.outboxMessage.create({
      data: {
        instanceId: fx.instanceId,
        documentId: own,
        channel: "webhook",
        endpointId: endpoint.id,
        recipient: WEBHOOK,
        subject: "document.created",
        body: "{}",
      },
    });
    const url = await buildAccessPackage(A);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names.filter((name) => name.startsWith("anexos/"))).toEqual([]);
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const foreign of [
      B,
      formatCpf(B),
      BRUNA.name,
      BRUNA.email,
      BRUNA.phone,
      "renda-bruna-pkg",
      "Bruna ligou",
      "RG-bruna",
      "rg-bruna-bytes",
      "s3cr3t-path",
      "token=abc123",
    ]) {
      expect(everything, foreign).not.toContain(foreign);
    }
    const data = JSON.parse(strFromU8(files["dados.json"]!)) as Record<string, Json[]>;
    expect(data.documents!.map((row) => row.id)).toEqual([own]);
    const protocol = (await app.db.document.findUniqueOrThrow({ where: { id: record } })).protocol;
    const correction = await app.db.documentHistory.findFirstOrThrow({
      where: { documentId: record, action: "update" },
      orderBy: { id: "asc" },
    });
    expect(data.corrected_records).toEqual([
      {
        document_id: record,
        protocol,
        corrected_at: correction.createdAt.toISOString(),
        values: {
          cpf: formatCpf(A),
          ...ANA,
          "filled_columns.renda": "renda-ana-pkg",
        },
        earlier_values: [],
      },
    ]);
    const declaration = strFromU8(files["declaracao.html"]!);
    expect(declaration).toContain(
      `${protocol}: registro corrigido para outro titular em ${spDate(correction.createdAt)}`,
    );
    expect(declaration).toContain("hooks.example");

    // A's summary: her own document, and the history rows that hold her values in B's record.
    const summary = await lgpd("GET", `summary/${A}`);
    expect(summary.body).toMatchObject({ status: "found", summary: { documents: 1, observations: 0, attachments: 0 } });

    // B's package has the record whole, with A's values in its history shown masked.
    const bPackage = unzipSync(new Uint8Array(await (await fetch(await buildAccessPackage(B))).arrayBuffer()));
    const bData = JSON.parse(strFromU8(bPackage["dados.json"]!)) as Record<string, Json[]>;
    expect(bData.documents!.map((row) => row.id)).toContain(record);
    expect(Object.keys(bPackage)).toContain(
      `anexos/${(await app.db.attachment.findFirstOrThrow({ where: { documentId: record } })).id}-RG-bruna-pkg.pdf`,
    );
    const bHistory = JSON.stringify(bData.history);
    for (const hers of [A, formatCpf(A), ANA.name, ANA.email, ANA.phone, "renda-ana-pkg"])
      expect(bHistory, hers).not.toContain(hers);
    for (const his of [B, BRUNA.name, "renda-bruna-pkg", "***"]) expect(bHistory).toContain(his);
  });

  it("A's erasure masks A's values in the record's history and leaves B's documents whole", async () => {
    const C = cpfFromBase(340_560_780);
    const D = cpfFromBase(450_670_890);
    const { record, other, note } = await correctedRecord(C, D, "erase");
    const recordBefore = await app.db.document.findUniqueOrThrow({ where: { id: record } });
    const results = await erase(C);
    expect(results).toEqual([expect.objectContaining({ outcome: "done" })]);
    expect((await lgpd("GET", `status/${C}`)).body).toMatchObject({
      status: "done",
      details: { deleted: { documents: 0, observations: 0, attachments: 0, history: 0 }, corrected_records: 1 },
    });
    // B's record is still B's, whole: fields, observation, ID file; B's other document's note is untouched.
    const recordAfter = await app.db.document.findUniqueOrThrow({ where: { id: record } });
    expect(recordAfter).toMatchObject({
      cpf: D,
      name: BRUNA.name,
      email: BRUNA.email,
      phone: BRUNA.phone,
      filledColumns: recordBefore.filledColumns,
    });
    expect((await app.db.observation.findMany({ where: { documentId: record } })).map((o) => o.text)).toEqual([
      "Bruna ligou erase",
    ]);
    expect(await app.db.attachment.count({ where: { documentId: record } })).toBe(1);
    expect((await app.db.observation.findMany({ where: { documentId: other } })).map((o) => o.text)).toEqual([note]);
    expect(await app.db.document.findUniqueOrThrow({ where: { id: other } })).toMatchObject({
      name: BRUNA.name,
      email: BRUNA.email,
    });
    // The record's history keeps what was changed and by whom, with C's values masked and D's in clear.
    const history = JSON.stringify(
      (await app.db.documentHistory.findMany({ where: { documentId: record } })).map((row) => row.changes),
    );
    for (const gone of [C, formatCpf(C), ANA.name, ANA.email, ANA.phone, "renda-ana-erase"]) {
      expect(history, gone).not.toContain(gone);
    }
    for (const kept of [D, BRUNA.name, BRUNA.email, "renda-bruna-erase", "0001"]) expect(history).toContain(kept);
    // D's summary still counts D's two documents.
    const summary = await lgpd("GET", `summary/${D}`);
    expect(summary.body).toMatchObject({ status: "found", summary: { documents: 2 } });
  });

  it("B's erasure discards A's package, which included B's record", async () => {
    const E = cpfFromBase(560_780_900);
    const F = cpfFromBase(670_890_120);
    await correctedRecord(E, F, "discard");
    const url = await buildAccessPackage(E);
    expect((await fetch(url)).status).toBe(200);
    expect(await erase(F)).toEqual([expect.objectContaining({ outcome: "done" })]);
    expect((await fetch(url)).status).toBe(404);
    expect((await lgpd("GET", `access/${E}`)).body.download_url).toBeUndefined();
  });
});

describe("access before erasure", () => {
  it("a pending deletion keeps the package until the erasure runs; a denied one never discards it", async () => {
    const G = cpfFromBase(780_900_230);
    const H = cpfFromBase(890_120_340);
    await createDocument({ cpf: G, ...ANA });
    await createDocument({ cpf: H, ...BRUNA });
    const kept = await buildAccessPackage(G);
    const denied = await buildAccessPackage(H);
    await call("PUT", "admin/lgpd-review", { enabled: true }, fx.tokens.admin);
    expect((await lgpd("POST", "request", { cpf: G })).status).toBe(200);
    expect((await lgpd("POST", "request", { cpf: H })).status).toBe(200);
    // Both wait for the officer: "send me my data, then delete it" can still be honoured.
    expect((await fetch(kept)).status).toBe(200);
    expect((await fetch(denied)).status).toBe(200);
    const requests = await app.db.lgpdRequest.findMany({ where: { instanceId: fx.instanceId, review: "awaiting" } });
    const byMask = (digits: string) => requests.find((r) => r.cpfMasked.includes(digits.slice(3, 6)))!.id;
    await call(
      "POST",
      `admin/lgpd-requests/${byMask(H)}/deny`,
      { reason: "Identidade não confirmada" },
      fx.tokens.admin,
    );
    await call("POST", `admin/lgpd-requests/${byMask(G)}/approve`, {}, fx.tokens.admin);
    expect((await fetch(kept)).status).toBe(200);
    expect(await processDueRequests({ owner: "identity-test", limit: 10 })).toMatchObject({ claimed: 1 });
    expect((await fetch(kept)).status).toBe(404);
    expect((await fetch(denied)).status).toBe(200);
  });
});
