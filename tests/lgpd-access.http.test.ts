// LGPD access requests over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: the simplified
// summary (nothing for an unknown CPF, the right counts for a known one), the access request and its package (every
// row of the person and nothing of another's), the signed link (expires, altered, audited per download), encryption
// at rest, expiry purge, and the erasure (not the deletion request) discarding the person's packages. A record
// corrected from Ana's CPF to Bruno's is Bruno's: Ana's package holds only her values there (corrected_records).
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import { accessDownloadPath } from "@/lib/lgpd/server/access-link.ts";
import { decryptPackage } from "@/lib/lgpd/server/access-package-cipher.ts";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const RECEIVED = '{"status":"pending","message":"Request received. Please use the status method to check progress"}';
const NO_DATA = '{"message":"No data","status":"not_found"}';

let app: TestApp;
let main: LgpdInstance;
let other: LgpdInstance;

const ana = cpfFromBase(310_220_130); // one document of hers, and one corrected from her CPF to Bruno's
const bruno = cpfFromBase(410_520_630); // the current holder of the corrected record
const carla = cpfFromBase(510_620_730); // unrelated: nothing of hers may reach Ana's package
const nobody = cpfFromBase(610_720_830);
const webhookUrl = "https://hooks.example/lgpd-access-test";
let anaDocs: number[] = [];
let corrected: { id: number; protocol: string; at: Date };
let carlaDoc: { id: number; protocol: string };

beforeAll(async () => {
  app = await startTestApp();
  main = await createLgpdInstance(app.db, "default");
  other = await createLgpdInstance(app.db, "outra");
  const first = await insertDocument(
    app.db,
    main,
    formatCpf(ana),
    { observations: 2, attachments: 2, history: 1 },
    {
      source: "portal",
    },
  );
  // Her CPF in a past value of another document's history: the record is Bruno's, her CPF there is hers.
  const second = await insertDocument(app.db, main, bruno, { observations: 1 });
  const correction = await app.db.documentHistory.create({
    data: {
      documentId: second.id,
      action: "update",
      actorType: "user",
      actorLabel: "atendente@example.com",
      changes: [{ field: "cpf", before: ana, after: bruno }],
    },
  });
  const endpoint = await app.db.webhookEndpoint.create({
    data: { instanceId: main.instanceId, url: webhookUrl, events: [], secretCipher: "unused", secretHint: "x" },
  });
  await app.db.outboxMessage.create({
    data: {
      instanceId: main.instanceId,
      documentId: first.id,
      recipient: "maria@example.com",
      subject: "Seu pedido",
      body: "Olá",
    },
  });
  await app.db.outboxMessage.create({
    data: {
      instanceId: main.instanceId,
      documentId: first.id,
      channel: "webhook",
      endpointId: endpoint.id,
      recipient: webhookUrl,
      subject: "document.updated",
      body: "{}",
    },
  });
  anaDocs = [first.id];
  corrected = { id: second.id, protocol: second.protocol, at: correction.createdAt };
  const carlas = await insertDocument(app.db, main, carla, { observations: 1, attachments: 1, history: 1 });
  await app.db.observation.create({ data: { documentId: carlas.id, text: "segredo-da-carla", authorLabel: "t" } });
  carlaDoc = { id: carlas.id, protocol: carlas.protocol };
  // Ana in another instance: never counted here.
  await insertDocument(app.db, other, ana, { observations: 5 });
});
afterAll(async () => app?.close());

const lgpdGet = (path: string, instance: LgpdInstance = main, key: string = instance.key) =>
  fetch(`${app.baseUrl}/api/lgpd/${instance.slug}/${path}`, { headers: { "x-api-key": key } });

const postAccess = (cpf: string, instance: LgpdInstance = main) =>
  fetch(`${app.baseUrl}/api/lgpd/${instance.slug}/access`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": instance.key },
    body: JSON.stringify({ cpf }),
  });

async function accessStatus(cpf: string) {
  const response = await lgpdGet(`access/${cpf}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    status: string;
    details: Record<string, unknown>;
    download_url?: string;
    expires_at?: string;
  };
}

/** What the database holds for these documents, counted independently of the code under test. */
async function recount(documentIds: number[]) {
  const where = { documentId: { in: documentIds } };
  return {
    documents: documentIds.length,
    observations: await app.db.observation.count({ where }),
    attachments: await app.db.attachment.count({ where }),
    messages: await app.db.outboxMessage.count({ where }),
    history: await app.db.documentHistory.count({ where }),
  };
}

const accessRows = (cpf: string) =>
  app.db.lgpdAccessRequest.findMany({
    where: { instanceId: main.instanceId, cpfHash: keyedHash(cpf) },
    orderBy: { id: "asc" },
  });

describe("GET /api/lgpd/<instance>/summary/<cpf>", () => {
  it("answers exactly 'No data' for a CPF without data here, even one with data in another instance", async () => {
    for (const cpf of [nobody, formatCpf(nobody)]) {
      const response = await lgpdGet(`summary/${cpf}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(NO_DATA);
    }
    const elsewhere = await lgpdGet(`summary/${carla}`, other);
    expect(await elsewhere.text()).toBe(NO_DATA);
  });

  it("counts every kind tied to a known CPF, with dates and field names but no personal value", async () => {
    const response = await lgpdGet(`summary/${formatCpf(ana)}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as { status: string; summary: Record<string, unknown> };
    expect(body.status).toBe("found");
    const expected = await recount(anaDocs);
    expect(expected).toEqual({ documents: 1, observations: 2, attachments: 2, messages: 2, history: 1 });
    // The corrected record counts as the one history row that holds her CPF, nothing else of Bruno's.
    expect(body.summary).toMatchObject({ ...expected, history: 2 });
    expect(body.summary.personal_fields).toEqual(["cpf", "name", "email"]);
    const docs = await app.db.document.findMany({ where: { id: { in: anaDocs } } });
    expect(body.summary.first_at).toBe(new Date(Math.min(...docs.map((d) => d.createdAt.getTime()))).toISOString());
    expect(new Date(body.summary.last_at as string).getTime()).toBeGreaterThanOrEqual(
      Math.max(...docs.map((d) => d.updatedAt.getTime())),
    );
    for (const value of [ana, formatCpf(ana), bruno, "Maria", "maria@example.com", "portal", webhookUrl]) {
      expect(text).not.toContain(value);
    }
  });

  it("refuses an invalid CPF and a wrong key with the LGPD API's bodies", async () => {
    const invalid = await lgpdGet("summary/12345678900");
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toBe('{"status":"error","message":"Invalid CPF"}');
    const wrong = await lgpdGet(`summary/${ana}`, main, "wrong-key");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe('{"status":"error","message":"Unauthorized"}');
  });
});

describe("access requests and their package", () => {
  let downloadUrl = "";
  let requestId = 0;

  it("records one pending request per CPF (hash and mask only once built) and reports pending", async () => {
    expect((await lgpdGet(`access/${ana}`)).status).toBe(404);
    for (const cpf of [ana, formatCpf(ana)]) {
      const response = await postAccess(cpf);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(RECEIVED);
    }
    const rows = await accessRows(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", cpfMasked: "***.220.130-**", cpfPending: ana });
    requestId = rows[0]!.id;
    const status = await accessStatus(ana);
    expect(status.status).toBe("pending");
    expect(status.download_url).toBeUndefined();
    const audits = await app.db.auditLog.findMany({ where: { entity: "lgpd_access", entityId: String(requestId) } });
    expect(audits.map((row) => row.action)).toEqual(["lgpd_access.request"]);
  });

  it("builds a package holding every row of the person and nothing of another's, stored encrypted", async () => {
    const { results } = await processDueAccessRequests({ owner: "test-access" });
    expect(results.map((result) => result.outcome)).toEqual(["done"]);
    const [row] = await accessRows(ana);
    expect(row).toMatchObject({ status: "done", cpfPending: null, pendingKey: null });
    const status = await accessStatus(ana);
    expect(status.status).toBe("done");
    expect(status.details.counts).toEqual({ ...(await recount(anaDocs)), corrected_records: 1 });
    expect(status.download_url).toMatch(
      new RegExp(`/api/lgpd/default/access/download/${requestId}\\?expires=\\d+&sig=`),
    );
    const expires = new Date(status.expires_at!).getTime();
    // LGPD_ACCESS_LINK_DAYS defaults to 7.
    expect(Math.abs(expires - (row!.processedAt!.getTime() + 7 * 86_400_000))).toBeLessThan(5_000);
    downloadUrl = status.download_url!;

    const response = await fetch(downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const zip = new Uint8Array(await response.arrayBuffer());
    // At rest: not a zip, not readable, and decrypts to exactly what was served.
    expect(Buffer.from(row!.packageCipher!).subarray(0, 4).toString("latin1")).not.toBe("PK\u0003\u0004");
    expect(Buffer.from(row!.packageCipher!).includes(Buffer.from("maria@example.com"))).toBe(false);
    expect(Buffer.compare(decryptPackage(row!.packageCipher!), Buffer.from(zip))).toBe(0);

    const files = unzipSync(zip);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        "dados.json",
        "declaracao.html",
        "documentos.csv",
        "observacoes.csv",
        "anexos.csv",
        "mensagens.csv",
        "historico.csv",
      ]),
    );
    const data = JSON.parse(strFromU8(files["dados.json"]!)) as Record<string, { id: number | string }[]>;
    const ids = (kind: string) => data[kind]!.map((item) => String(item.id)).sort();
    const where = { documentId: { in: anaDocs } };
    expect(ids("documents")).toEqual(anaDocs.map(String).sort());
    const dbIds = async (rows: Promise<{ id: number | bigint }[]>) => (await rows).map((r) => String(r.id)).sort();
    expect(ids("observations")).toEqual(await dbIds(app.db.observation.findMany({ where })));
    expect(ids("attachments")).toEqual(await dbIds(app.db.attachment.findMany({ where })));
    expect(ids("messages")).toEqual(await dbIds(app.db.outboxMessage.findMany({ where })));
    expect(ids("history")).toEqual(await dbIds(app.db.documentHistory.findMany({ where })));
    // Of the record corrected to Bruno: her CPF as it was, when it was corrected — nothing of his.
    expect(data.corrected_records).toEqual([
      {
        document_id: corrected.id,
        protocol: corrected.protocol,
        corrected_at: corrected.at.toISOString(),
        values: { cpf: ana },
        earlier_values: [],
      },
    ]);
    // The attachment with bytes is in the zip, byte for byte.
    const stored = await app.db.attachment.findMany({ where: { ...where, content: { not: null } } });
    expect(stored.length).toBeGreaterThan(0);
    for (const attachment of stored) {
      const entry = names.find((name) => name.startsWith(`anexos/${attachment.id}-`));
      expect(entry).toBeDefined();
      expect(Buffer.compare(Buffer.from(files[entry!]!), Buffer.from(attachment.content!))).toBe(0);
    }
    for (const name of names.filter((n) => n.endsWith(".csv"))) {
      expect(Array.from(files[name]!.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    }
    const csv = strFromU8(files["observacoes.csv"]!);
    expect(csv.trim().split("\r\n")).toHaveLength(1 + 2);
    const declaration = strFromU8(files["declaracao.html"]!);
    expect(declaration).toContain("Declaração de tratamento de dados pessoais");
    // Integrators by host: a webhook URL's path or query may carry a secret.
    expect(declaration).toContain("hooks.example");
    expect(declaration).toContain(
      `${corrected.protocol}: registro corrigido para outro titular em ${corrected.at.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" })}`,
    );
    expect(declaration).toContain("maria@example.com");
    expect(declaration).toContain("portal");
    expect(declaration).toContain("***.220.130-**");
    // Retention (section 5): this instance has no rule or hold for these documents, and says so.
    expect(declaration).toContain("Nenhuma regra de retenção automática.");
    // Nothing of Carla's, in any file.
    const everything = Buffer.concat(Object.values(files).map((bytes) => Buffer.from(bytes))).toString("utf8");
    for (const foreign of [
      carla,
      formatCpf(carla),
      carlaDoc.protocol,
      "segredo-da-carla",
      bruno,
      "/lgpd-access-test",
    ]) {
      expect(everything).not.toContain(foreign);
    }
  });

  it("audits and counts every download; an altered or expired link answers 404 alike", async () => {
    expect((await fetch(downloadUrl)).status).toBe(200);
    const audits = await app.db.auditLog.findMany({
      where: { entity: "lgpd_access", entityId: String(requestId), action: "lgpd_access.download" },
      orderBy: { id: "asc" },
    });
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => (a.details as { download: number }).download)).toEqual([1, 2]);
    expect(audits[0]).toMatchObject({ actorType: "system" });
    expect((await accessRows(ana))[0]!.downloads).toBe(2);

    const url = new URL(downloadUrl);
    const sig = url.searchParams.get("sig")!;
    const altered = new URL(url);
    altered.searchParams.set("sig", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86_400));
    const otherId = new URL(url.href.replace(`/download/${requestId}?`, `/download/${requestId + 1000}?`));
    const expired = new URL(accessDownloadPath("default", requestId, new Date(Date.now() - 1000)), app.baseUrl);
    // Ids that are not an int4 (the contract's id param) answer as an altered link does, never a 500.
    const notIds = ["abc", "1e3", "0", "99999999999"].map(
      (id) => new URL(url.href.replace(`/download/${requestId}?`, `/download/${id}?`)),
    );
    for (const bad of [altered, longer, otherId, expired, ...notIds]) {
      const response = await fetch(bad);
      expect(response.status, bad.pathname).toBe(404);
      expect(await response.json()).toMatchObject({ status: "error", message: "Link not found or expired" });
    }
    // None of those was a download.
    expect((await accessRows(ana))[0]!.downloads).toBe(2);
  });

  it("deletes the package when its link expires: the link stops at once, the bytes go at the next poll", async () => {
    await app.db.lgpdAccessRequest.update({ where: { id: requestId }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await fetch(downloadUrl)).status).toBe(404);
    expect((await accessStatus(ana)).download_url).toBeUndefined();
    await processDueAccessRequests({ owner: "test-access" });
    const [row] = await accessRows(ana);
    expect(row!.packageCipher).toBeNull();
    expect(row!.packageDeletedAt).not.toBeNull();
    expect((await accessStatus(ana)).details.package_deleted_at).toBe(row!.packageDeletedAt!.toISOString());
  });

  it("answers not_found, with no package, for a CPF without data", async () => {
    expect((await postAccess(nobody)).status).toBe(200);
    const { results } = await processDueAccessRequests({ owner: "test-access" });
    expect(results.map((result) => result.outcome)).toEqual(["not_found"]);
    const status = await accessStatus(nobody);
    expect(status.status).toBe("not_found");
    expect(status.download_url).toBeUndefined();
    expect((await accessRows(nobody))[0]!.packageCipher).toBeNull();
  });

  it("a deletion request keeps the CPF's packages; its erasure deletes the ready one and closes the pending one", async () => {
    await postAccess(carla);
    await processDueAccessRequests({ owner: "test-access" });
    expect((await accessStatus(carla)).download_url).toBeDefined();
    const readyUrl = (await accessStatus(carla)).download_url!;
    // A second request waits while the deletion arrives.
    const [ready] = await accessRows(carla);
    expect(ready!.status).toBe("done");
    await postAccess(carla);
    const deletion = await fetch(`${app.baseUrl}/api/lgpd/${main.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": main.key },
      body: JSON.stringify({ cpf: carla }),
    });
    expect(deletion.status).toBe(200);
    // Access before erasure: the package stays until the erasure runs.
    expect((await fetch(readyUrl)).status).toBe(200);
    expect((await accessRows(carla))[1]).toMatchObject({ status: "pending" });
    const { results } = await processDueRequests({ owner: "test-access" });
    expect(results.map((result) => result.outcome)).toEqual(["done"]);
    const rows = await accessRows(carla);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ status: "done", packageCipher: null });
    expect(rows[0]!.packageDeletedAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ status: "error", cpfPending: null, pendingKey: null, packageCipher: null });
    expect((await fetch(readyUrl)).status).toBe(404);
    const status = await accessStatus(carla);
    expect(status.status).toBe("error");
    expect(status.details.reason).toBe("Cancelled by a deletion request");
    // Nothing is left for the worker to build.
    expect((await processDueAccessRequests({ owner: "test-access" })).claimed).toBe(0);
  });
});
