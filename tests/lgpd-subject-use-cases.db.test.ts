// The LGPD request use-cases as (ctx, input) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// without Next: the LGPD API's (request-deletion, request-access, describe-*) with the instance's LGPD API actor, and
// the data-subject page's (look-up-subject, request-*-by-staff, download-access-package-by-staff) with staff's.
// Each acts inside ctx's instance only and audits with ctx's actor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { approveDeletion } from "@/lib/lgpd/server/approve-deletion.ts";
import { createLegalHold } from "@/lib/lgpd/server/create-legal-hold.ts";
import { deleteLegalHold } from "@/lib/lgpd/server/delete-legal-hold.ts";
import { denyDeletion } from "@/lib/lgpd/server/deny-deletion.ts";
import { listLegalHolds } from "@/lib/lgpd/server/list-legal-holds.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { loadDeletionReview } from "@/lib/lgpd/server/load-deletion-review.ts";
import { setDeadlineDays } from "@/lib/lgpd/server/set-deadline-days.ts";
import { setDeletionReview } from "@/lib/lgpd/server/set-deletion-review.ts";
import { describeAccessRequest } from "@/lib/lgpd/server/describe-access-request.ts";
import { describeDeletionRequest } from "@/lib/lgpd/server/describe-deletion-request.ts";
import { downloadAccessPackageByStaff } from "@/lib/lgpd/server/download-access-package-by-staff.ts";
import { lookUpSubject } from "@/lib/lgpd/server/look-up-subject.ts";
import { requestAccess } from "@/lib/lgpd/server/request-access.ts";
import { requestAccessByStaff } from "@/lib/lgpd/server/request-access-by-staff.ts";
import { requestDeletion } from "@/lib/lgpd/server/request-deletion.ts";
import { requestDeletionByStaff } from "@/lib/lgpd/server/request-deletion-by-staff.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { refusal } from "./helpers/refusal.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;
let other: LgpdInstance;
let api: UseCaseContext;
let otherApi: UseCaseContext;
let staff: UseCaseContext;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-subject-uc");
  other = await createLgpdInstance(db, "other-subject-uc");
  api = { actor: systemActor("lgpd_api", acme.instanceId, "API LGPD"), requestId: "req-lgpd-api" };
  otherApi = { actor: systemActor("lgpd_api", other.instanceId, "API LGPD") };
  staff = { actor: systemActor("cli", acme.instanceId), requestId: "req-staff" };
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const auditsOf = (entityId: number | null, action: string) =>
  db.auditLog.findMany({
    where: { instanceId: acme.instanceId, action, ...(entityId === null ? {} : { entityId: String(entityId) }) },
    orderBy: { id: "asc" },
    select: { actorType: true, actorLabel: true, details: true },
  });

describe("LGPD API use-cases", () => {
  it("an access request is recorded once per pending CPF, audited by the API actor, and read back in its instance only", async () => {
    const cpf = cpfFromBase(310_000_001);
    const first = await requestAccess(api, { cpf: formatCpf(cpf) });
    const again = await requestAccess(api, { cpf });
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, request: { id: first.request.id } });
    expect(await auditsOf(first.request.id, "lgpd_access.request")).toEqual([
      { actorType: "system", actorLabel: "API LGPD", details: { source: "api" } },
    ]);

    const origin = "https://docflow.example";
    expect(await describeAccessRequest(api, { cpf, instanceSlug: acme.slug, origin })).toEqual({
      message: "Request found",
      status: "pending",
      details: { requested_at: first.request.requestedAt.toISOString() },
    });
    expect(await describeAccessRequest(otherApi, { cpf, instanceSlug: other.slug, origin })).toBeNull();
  });

  it("a deletion request leaves the CPF's pending access request to be answered, and is described by status", async () => {
    const cpf = cpfFromBase(310_000_002);
    const access = await requestAccess(api, { cpf });
    expect(await describeDeletionRequest(api, { cpf })).toBeNull();

    const { request, created } = await requestDeletion(api, { cpf: formatCpf(cpf) });
    expect(created).toBe(true);
    expect(request).toMatchObject({ instanceId: acme.instanceId, source: "api", requestedById: null });
    expect((await requestDeletion(api, { cpf })).request.id).toBe(request.id);
    expect(await describeDeletionRequest(api, { cpf })).toMatchObject({ message: "Request found", status: "pending" });
    expect(await describeDeletionRequest(otherApi, { cpf })).toBeNull();
    // Access before erasure: only the erasure itself discards the person's packages (processor.ts).
    const waiting = await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: access.request.id } });
    expect(waiting).toMatchObject({ status: "pending", lastError: null, cpfPending: cpf });
  });
});

describe("data-subject page use-cases", () => {
  it("look-up shows the CPF's data and requests of ctx's instance, audited with the mask only", async () => {
    const cpf = cpfFromBase(310_000_003);
    await insertDocument(db, acme, formatCpf(cpf), { observations: 1 });
    await insertDocument(db, other, cpf);
    const access = await requestAccessByStaff(staff, {
      cpf,
      channel: "email",
      received_on: "2026-01-05",
      note: "carta",
    });
    expect(access).toMatchObject({
      created: true,
      request: { source: "admin", status: "pending", channel: "email", note: "carta", package_available: false },
    });
    const deletion = await requestDeletionByStaff(staff, { cpf: formatCpf(cpf) });
    expect(deletion).toMatchObject({ created: true, request: { source: "admin", status: "pending" } });

    const overview = await lookUpSubject(staff, { cpf });
    expect(overview.cpf_masked).not.toContain(cpf.slice(3, 9));
    expect(overview.summary).toMatchObject({ documents: 1 });
    expect(overview.deletions.map((row) => row.id)).toEqual([deletion.request.id]);
    // The deletion request leaves the pending access request to be answered before the erasure.
    expect(overview.accesses).toMatchObject([{ id: access.request.id, status: "pending" }]);

    const lookups = await auditsOf(null, "lgpd_subject.lookup");
    expect(lookups.at(-1)).toEqual({
      actorType: "system",
      actorLabel: "cli",
      details: { found: true },
    });
    expect(
      JSON.stringify(
        await db.auditLog.findMany({
          where: { instanceId: acme.instanceId },
          select: { details: true, entityId: true },
        }),
      ),
    ).not.toContain(cpf);
    expect(await auditsOf(deletion.request.id, "lgpd_request.create")).toEqual([
      {
        actorType: "system",
        actorLabel: "cli",
        details: { source: "admin", channel: null, received_at: null, review: null },
      },
    ]);
  });

  it("refuses an invalid CPF and a future reception day, writing nothing", async () => {
    const before = await db.lgpdAccessRequest.count();
    expect((await refusal(lookUpSubject(staff, { cpf: "111.111.111-11" }))).code).toBe("invalid_cpf");
    expect((await refusal(requestAccessByStaff(staff, { cpf: "123" }))).code).toBe("invalid_cpf");
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await refusal(requestAccessByStaff(staff, { cpf: cpfFromBase(310_000_004), received_on: later }));
    expect(future).toMatchObject({ kind: "invalid", errors: [{ path: "received_on", code: "received_in_future" }] });
    expect(await db.lgpdAccessRequest.count()).toBe(before);
  });

  it("a package is downloaded only once built and only in its instance, each download counted and audited", async () => {
    const cpf = cpfFromBase(310_000_005);
    await insertDocument(db, acme, cpf, { observations: 1 });
    const { request } = await requestAccessByStaff(staff, { cpf });
    expect(await downloadAccessPackageByStaff(staff, { id: request.id })).toBeNull();
    expect(
      await downloadAccessPackageByStaff({ actor: systemActor("cli", other.instanceId) }, { id: request.id }),
    ).toBeNull();
    const row = await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.downloads).toBe(0);
    expect(await auditsOf(request.id, "lgpd_access.download")).toEqual([]);
    // Built by the access queue, it is handed out to ctx's instance only: counted and audited with ctx's actor.
    const built = await processDueAccessRequests({ owner: "subject-use-cases", limit: 100 });
    expect(built.results).toContainEqual(expect.objectContaining({ id: request.id, outcome: "done" }));
    const otherStaff = { actor: systemActor("cli", other.instanceId) };
    expect(await downloadAccessPackageByStaff(otherStaff, { id: request.id })).toBeNull();
    const zip = await downloadAccessPackageByStaff(staff, { id: request.id });
    expect(zip?.fileName).toBe(`acesso-lgpd-${request.id}.zip`);
    expect(zip?.bytes.subarray(0, 2).toString()).toBe("PK");
    expect((await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: request.id } })).downloads).toBe(1);
    expect(await auditsOf(request.id, "lgpd_access.download")).toEqual([
      { actorType: "system", actorLabel: "cli", details: { download: 1, size_bytes: zip?.bytes.byteLength } },
    ]);
  });
});

describe("officer settings use-cases", () => {
  it("reviewed deletions: a request waits, is denied with its reason (status says so) and cannot be approved then", async () => {
    expect(await setDeletionReview(staff, { enabled: true })).toMatchObject({ enabled: true });
    const cpf = cpfFromBase(310_000_006);
    const { request } = await requestDeletion(api, { cpf });
    expect(request.review).toBe("awaiting");
    expect((await loadDeletionReview(staff)).awaiting.map((row) => row.id)).toContain(request.id);
    expect((await loadDeletionReview({ actor: systemActor("cli", other.instanceId) })).awaiting).toEqual([]);

    const otherStaff = { actor: systemActor("cli", other.instanceId) };
    expect((await refusal(denyDeletion(otherStaff, { id: request.id, reason: "x" }))).code).toBe(
      "lgpd_request_not_found",
    );
    expect(await denyDeletion(staff, { id: request.id, reason: "Identidade não confirmada" })).toMatchObject({
      status: "error",
      review: "denied",
      review_reason: "Identidade não confirmada",
    });
    expect(await describeDeletionRequest(api, { cpf })).toMatchObject({
      status: "error",
      details: { review: "denied", reason: "Identidade não confirmada" },
    });
    expect((await refusal(approveDeletion(staff, { id: request.id }))).code).toBe("lgpd_not_awaiting_review");
    await setDeletionReview(staff, { enabled: false });
    expect((await auditsOf(acme.instanceId, "instance.lgpd_review")).map((row) => row.details)).toEqual([
      { changes: { lgpd_deletion_review: { before: false, after: true } } },
      { changes: { lgpd_deletion_review: { before: true, after: false } } },
    ]);
  });

  it("legal holds and the deadline are the instance's own, each change audited", async () => {
    const foreign = await refusal(
      createLegalHold(staff, { product_id: other.productId, basis: "Lei 8.078/1990 art. 27", period_years: 5 }),
    );
    expect(foreign).toMatchObject({ kind: "invalid", errors: [{ path: "product_id", code: "unknown_id" }] });
    const hold = await createLegalHold(staff, {
      product_id: acme.productId,
      basis: "Lei 8.078/1990 art. 27",
      period_years: 5,
    });
    expect(hold).toMatchObject({ product_id: acme.productId, status_id: null, period_years: 5 });
    expect((await listLegalHolds(staff)).items.map((item) => item.id)).toEqual([hold.id]);
    expect((await listLegalHolds({ actor: systemActor("cli", other.instanceId) })).items).toEqual([]);
    expect(
      (await refusal(deleteLegalHold({ actor: systemActor("cli", other.instanceId) }, { id: hold.id }))).code,
    ).toBe("lgpd_hold_not_found");
    expect(await deleteLegalHold(staff, { id: hold.id })).toEqual({ items: [] });
    expect(
      (await auditsOf(hold.id, "lgpd_hold.create")).length + (await auditsOf(hold.id, "lgpd_hold.delete")).length,
    ).toBe(2);

    expect(await setDeadlineDays(staff, { deadline_days: 30 })).toEqual({ deadline_days: 30 });
    expect(await loadDeadlineDays(staff)).toBe(30);
    expect(await loadDeadlineDays({ actor: systemActor("cli", other.instanceId) })).toBe(15);
  });
});
