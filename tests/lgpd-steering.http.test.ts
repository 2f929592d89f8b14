// Requests a person can steer over real HTTP (built app) on PGlite, or PostgreSQL with
// TEST_DATABASE_URL: legal holds kept by an erasure and named in its receipt; reviewed deletions that wait until the
// officer approves, or end with the officer's reason; requests entered by hand; a returning CPF flagged on the
// document, in the import check and in the officer's counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf, insertDocument } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpdKey: string;
let otherProductId: number;

const held = cpfFromBase(161_803_398);
const reviewed = cpfFromBase(141_421_356);
const denied = cpfFromBase(173_205_080);
const byLetter = cpfFromBase(223_606_797);
const stranger = cpfFromBase(264_575_131);
const fourEyes = cpfFromBase(282_842_712);

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
  otherProductId = (
    await app.db.product.create({ data: { instanceId: fx.instanceId, name: "Consórcio", description: "" } })
  ).id;
});
afterAll(async () => app?.close());

async function call(method: string, route: string, body?: unknown, token = fx.tokens.admin) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function requestDeletion(cpf: string) {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": lgpdKey },
    body: JSON.stringify({ cpf }),
  });
  expect(response.status).toBe(200);
}

async function lgpdStatus(cpf: string) {
  const response = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/status/${cpf}`, {
    headers: { "x-api-key": lgpdKey },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const requestOf = async (cpf: string) =>
  app.db.lgpdRequest.findFirstOrThrow({
    where: { instanceId: fx.instanceId, cpfMasked: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` },
    orderBy: { id: "desc" },
  });

describe("legal holds", () => {
  it("are admins' to set, checked and audited", async () => {
    const body = { product_id: fx.productId, basis: "Lei 8.078/1990, art. 27", period_years: 5 };
    expect((await call("POST", "admin/lgpd-holds", body, fx.tokens.staff)).status).toBe(403);
    expect((await call("POST", "admin/lgpd-holds", { ...body, status_id: fx.statusIds["Novo"] })).status).toBe(400);
    expect((await call("POST", "admin/lgpd-holds", { ...body, product_id: 999_999 })).status).toBe(400);
    const created = await call("POST", "admin/lgpd-holds", body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ product_id: fx.productId, status_id: null, period_years: 5 });
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: "lgpd_hold.create" } });
    expect(audit).toMatchObject({ entity: "lgpd_hold", entityId: String(created.body.id) });
  });

  it("keep a held product's and a held status's documents through an erasure, anonymised; the receipt names them", async () => {
    const status = await call("POST", "admin/lgpd-holds", {
      status_id: fx.statusIds["Cancelado"],
      basis: "Circular SUSEP 612/2020",
      period_years: 10,
    });
    expect(status.status).toBe(200);
    // Held by the product: finished on 2025-01-01, kept 5 years.
    const kept = await insertDocument(app.db, fx, formatCpf(held), { observations: 1, attachments: 1, history: 1 });
    await app.db.document.update({
      where: { id: kept.id },
      data: { phone: "+5511988887777", dateFinished: new Date("2025-01-01T12:00:00Z") },
    });
    // Held by the status (still open: counted from the erasure).
    const cancelled = await insertDocument(app.db, fx, held, { observations: 1 });
    await app.db.document.update({
      where: { id: cancelled.id },
      data: { productId: otherProductId, statusId: fx.statusIds["Cancelado"] },
    });
    // Not held: another product and status; and one of the held product whose period ended in 2015.
    const gone = await insertDocument(app.db, fx, held, { observations: 2 });
    await app.db.document.update({ where: { id: gone.id }, data: { productId: otherProductId } });
    const expired = await insertDocument(app.db, fx, held);
    await app.db.document.update({ where: { id: expired.id }, data: { dateFinished: new Date("2010-01-01") } });

    await requestDeletion(held);
    const { results } = await processDueRequests({ owner: "steering-test", limit: 10 });
    expect(results).toEqual([
      {
        id: expect.any(Number),
        outcome: "done",
        deleted: { documents: 2, observations: 2, attachments: 0, history: 0 },
      },
    ]);
    const left = await app.db.document.findMany({
      where: { id: { in: [kept.id, cancelled.id, gone.id, expired.id] } },
      orderBy: { id: "asc" },
    });
    expect(left.map((row) => row.id)).toEqual([kept.id, cancelled.id]);
    // What the obligation needs stays (identifier, name, attachment bytes); contact channels go; texts are masked.
    expect(left[0]).toMatchObject({ cpfDigits: held, name: "Maria da Silva", email: null, phone: null });
    expect(left[1]).toMatchObject({ cpfDigits: held, email: null, phone: null });
    const attachment = await app.db.attachment.findFirstOrThrow({ where: { documentId: kept.id } });
    expect(Buffer.from(attachment.content!).toString()).toBe("pdf");
    const notes = await app.db.observation.findMany({ where: { documentId: { in: [kept.id, cancelled.id] } } });
    expect(notes).toHaveLength(2);
    for (const note of notes) expect(note.text).not.toContain(formatCpf(held));

    const request = await requestOf(held);
    const receipt = await call("GET", `admin/lgpd-requests/${request.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.deleted).toEqual({ documents: 2, observations: 2, attachments: 0, history: 0 });
    expect(receipt.body.kept.documents).toBe(2);
    expect(receipt.body.kept.holds).toEqual([
      expect.objectContaining({
        basis: "Lei 8.078/1990, art. 27",
        scope: "product",
        documents: 1,
        until: "2030-01-01T12:00:00.000Z",
      }),
      expect.objectContaining({
        basis: "Circular SUSEP 612/2020",
        scope: "status",
        scope_name: "Cancelado",
        documents: 1,
      }),
    ]);
    const statusUntil = new Date(receipt.body.kept.holds[1].until).getUTCFullYear();
    expect(statusUntil).toBe(new Date().getUTCFullYear() + 10);
    // The status API reports the same (done, with what was kept).
    const answer = await lgpdStatus(held);
    expect(answer.body).toMatchObject({ status: "done", details: { kept: { documents: 2 } } });
  });
});

describe("reviewed deletions", () => {
  it("wait for the officer when the setting is on; an approved one then runs", async () => {
    expect((await call("PUT", "admin/lgpd-review", { enabled: true }, fx.tokens.staff)).status).toBe(403);
    const on = await call("PUT", "admin/lgpd-review", { enabled: true });
    expect(on).toMatchObject({ status: 200, body: { enabled: true, awaiting: [] } });
    const doc = await insertDocument(app.db, fx, reviewed, { observations: 1 });
    await app.db.document.update({ where: { id: doc.id }, data: { productId: otherProductId } });

    await requestDeletion(reviewed);
    expect((await processDueRequests({ owner: "steering-test" })).claimed).toBe(0);
    expect(await app.db.document.count({ where: { id: doc.id } })).toBe(1);
    const waiting = await lgpdStatus(reviewed);
    expect(waiting.body).toMatchObject({
      message: "Request found",
      status: "pending",
      details: { review: "awaiting" },
    });
    const overview = await call("GET", "admin/lgpd-review");
    expect(overview.body.awaiting).toEqual([expect.objectContaining({ review: "awaiting", status: "pending" })]);
    const id = overview.body.awaiting[0].id as number;

    expect((await call("POST", `admin/lgpd-requests/${id}/approve`, {}, fx.tokens.staff)).status).toBe(403);
    const approved = await call("POST", `admin/lgpd-requests/${id}/approve`, {});
    expect(approved.body).toMatchObject({ id, status: "pending", review: "approved" });
    expect((await call("POST", `admin/lgpd-requests/${id}/approve`, {})).status).toBe(409);
    expect((await processDueRequests({ owner: "steering-test" })).results).toEqual([
      expect.objectContaining({ id, outcome: "done" }),
    ]);
    expect(await app.db.document.count({ where: { id: doc.id } })).toBe(0);
    expect((await lgpdStatus(reviewed)).body.status).toBe("done");
    const audit = await app.db.auditLog.findMany({
      where: { action: { in: ["instance.lgpd_review", "lgpd_request.approve"] } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => row.action)).toEqual(["instance.lgpd_review", "lgpd_request.approve"]);
  });

  it("a denied one keeps the data and the status API reports the officer's reason", async () => {
    const doc = await insertDocument(app.db, fx, denied);
    await app.db.document.update({ where: { id: doc.id }, data: { productId: otherProductId } });
    await requestDeletion(denied);
    const request = await requestOf(denied);
    expect((await call("POST", `admin/lgpd-requests/${request.id}/deny`, { reason: "" })).status).toBe(400);
    const reason = "Titular não confirmou a identidade";
    const deniedAnswer = await call("POST", `admin/lgpd-requests/${request.id}/deny`, { reason });
    expect(deniedAnswer.body).toMatchObject({ status: "error", review: "denied", review_reason: reason });
    expect((await processDueRequests({ owner: "steering-test" })).claimed).toBe(0);
    expect(await app.db.document.count({ where: { id: doc.id } })).toBe(1);
    const answer = await lgpdStatus(denied);
    expect(answer).toMatchObject({ status: 200, body: { status: "error", details: { reason, review: "denied" } } });
    expect((await requestOf(denied)).cpfPending).toBeNull();
    expect((await call("POST", `admin/lgpd-requests/${request.id}/approve`, {})).status).toBe(409);
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { action: "lgpd_request.deny" } });
    expect(audit).toMatchObject({ entityId: String(request.id), details: { reason } });

    // The denial is final: the retry of failed requests refuses it; only reopening (an admin's, with a reason) undoes it.
    const retried = await call("POST", `admin/lgpd-requests/${request.id}/retry`, { cpf: denied });
    expect(retried).toMatchObject({ status: 409, body: { code: "lgpd_denied_final" } });
    expect((await requestOf(denied)).status).toBe("error");
    const reopen = { cpf: denied, reason: "Titular confirmou a identidade" };
    expect((await call("POST", `admin/lgpd-requests/${request.id}/reopen`, reopen, fx.tokens.staff)).status).toBe(403);
    expect((await call("POST", `admin/lgpd-requests/${request.id}/reopen`, { cpf: denied })).status).toBe(400);
    const reopened = await call("POST", `admin/lgpd-requests/${request.id}/reopen`, reopen);
    expect(reopened.body).toMatchObject({ status: "pending", review: "awaiting", review_reason: null });
    expect((await processDueRequests({ owner: "steering-test" })).claimed).toBe(0);
    expect(await app.db.document.count({ where: { id: doc.id } })).toBe(1);
    expect((await lgpdStatus(denied)).body).toMatchObject({ status: "pending", details: { review: "awaiting" } });
    expect((await call("POST", `admin/lgpd-requests/${request.id}/reopen`, reopen)).status).toBe(409);
    expect(await app.db.auditLog.findFirstOrThrow({ where: { action: "lgpd_request.reopen" } })).toMatchObject({
      entityId: String(request.id),
      details: { reason: reopen.reason, previous_reason: reason },
    });
    await call("POST", `admin/lgpd-requests/${request.id}/deny`, { reason });
  });

  it("with four eyes on, whoever entered a request cannot approve it; another person can", async () => {
    const users = await Promise.all(
      ["ana", "caio"].map((name) =>
        app.db.user.create({
          data: {
            instanceId: fx.instanceId,
            email: `${name}@four-eyes.example`,
            name,
            role: "admin",
            passwordHash: "x",
          },
        }),
      ),
    );
    const [ana, caio] = await Promise.all(
      users.map(
        async (user) =>
          (await createApiToken({ instanceId: fx.instanceId, name: user.name, role: "admin", userId: user.id })).token,
      ),
    );
    const on = await call("PUT", "admin/lgpd-review", { enabled: true, four_eyes: true }, ana);
    expect(on.body).toMatchObject({ enabled: true, four_eyes: true });
    expect((await call("PUT", "admin/lgpd-review", {})).status).toBe(400);
    const entered = await call("POST", "admin/lgpd-subject/deletion", { cpf: formatCpf(fourEyes) }, ana);
    const id = entered.body.request.id as number;
    expect((await call("GET", "admin/lgpd-review", undefined, ana)).body.entered_by_you).toEqual([id]);
    expect((await call("GET", "admin/lgpd-review", undefined, caio)).body.entered_by_you).toEqual([]);
    const alone = await call("POST", `admin/lgpd-requests/${id}/approve`, {}, ana);
    expect(alone).toMatchObject({ status: 409, body: { code: "lgpd_four_eyes" } });
    expect((await call("POST", `admin/lgpd-requests/${id}/approve`, {}, caio)).body).toMatchObject({
      review: "approved",
    });
    await call("PUT", "admin/lgpd-review", { four_eyes: false });
  });

  it("a request entered by hand records its channel, day and note, and waits for review like the API's", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const base = { cpf: formatCpf(byLetter), channel: "letter", note: "Carta registrada AR 123" };
    expect((await call("POST", "admin/lgpd-subject/deletion", { ...base, received_on: future })).status).toBe(400);
    expect((await call("POST", "admin/lgpd-subject/deletion", { ...base, channel: "fax" })).status).toBe(400);
    const created = await call("POST", "admin/lgpd-subject/deletion", { ...base, received_on: "2026-11-20" });
    expect(created.status).toBe(200);
    expect(created.body.request).toMatchObject({
      source: "admin",
      channel: "letter",
      note: "Carta registrada AR 123",
      received_at: "2026-11-20T03:00:00.000Z",
      review: "awaiting",
    });
    const access = await call("POST", "admin/lgpd-subject/access", {
      cpf: byLetter,
      channel: "email",
      received_on: "2026-11-21",
    });
    expect(access.body.request).toMatchObject({ channel: "email", received_at: "2026-11-21T03:00:00.000Z" });
    const status = await lgpdStatus(byLetter);
    expect(status.body).toMatchObject({
      status: "pending",
      details: { review: "awaiting", received_at: "2026-11-20T03:00:00.000Z" },
    });
    const audit = await app.db.auditLog.findFirstOrThrow({
      where: { action: "lgpd_request.create", entityId: String(created.body.request.id) },
    });
    expect(audit.details).toMatchObject({ channel: "letter", review: "awaiting" });
    // Back to running at once for the tests that follow.
    expect((await call("PUT", "admin/lgpd-review", { enabled: false })).body.enabled).toBe(false);
  });
});

describe("returning identifiers", () => {
  it("a CPF erased before is flagged on a new document, in the import check and in the officer's counts", async () => {
    // `reviewed` was erased above. It comes back through document/create and through the CSV import.
    const created = await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: formatCpf(reviewed),
      name: "Volta",
    });
    expect(created.status).toBe(200);
    const fresh = await call("POST", "document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: stranger,
    });
    const view = await call("GET", `documents/${created.body.id}`, undefined, fx.tokens.viewer);
    expect(view.status).toBe(200);
    expect(view.body.lgpd_returning).toEqual({ erased_at: expect.any(String) });
    expect(JSON.stringify(view.body.lgpd_returning)).not.toContain(reviewed);
    expect((await call("GET", `documents/${fresh.body.id}`)).body.lgpd_returning).toBeNull();
    // Documents kept by a hold before the erasure are not "returning".
    const keptDoc = await app.db.document.findFirstOrThrow({ where: { cpfDigits: held, productId: fx.productId } });
    expect((await call("GET", `documents/${keptDoc.id}`)).body.lgpd_returning).toBeNull();

    const check = await call(
      "POST",
      "documents/import/erased-check",
      {
        rows: [stranger, formatCpf(reviewed), "nada", reviewed, formatCpf(denied)].map((cpf) => ({
          status: "Novo",
          product: "seguro auto",
          cpf,
        })),
      },
      fx.tokens.staff,
    );
    expect(check).toEqual({ status: 200, body: { erased: [1, 3] } });
    const viewer = await call("POST", "documents/import/erased-check", { rows: [{ cpf: reviewed }] }, fx.tokens.viewer);
    expect(viewer.status).toBe(403);

    const imported = await call(
      "POST",
      "documents/import",
      { rows: [{ status: "Novo", product: "seguro auto", cpf: reviewed }] },
      fx.tokens.staff,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const importedView = await call("GET", `documents/${imported.body.ids[0]}`);
    expect(importedView.body.lgpd_returning).not.toBeNull();

    const lookup = await call("POST", "admin/lgpd-subject/lookup", { cpf: reviewed });
    expect(lookup.body.returned_documents).toBe(2);
    expect((await call("POST", "admin/lgpd-subject/lookup", { cpf: stranger })).body.returned_documents).toBe(0);
    expect((await call("GET", "admin/lgpd-review")).body.returned_documents).toBe(2);
  });
});
