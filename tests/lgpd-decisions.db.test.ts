// The officer's decisions on deletions, as use-cases on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a denial is final — the retry of errored requests refuses it — until it is reopened on purpose
// (the CPF typed again, a reason, audited), and with four eyes on, the person who entered a request cannot approve it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { approveDeletion } from "@/lib/lgpd/server/approve-deletion.ts";
import { denyDeletion } from "@/lib/lgpd/server/deny-deletion.ts";
import { describeDeletionRequest } from "@/lib/lgpd/server/describe-deletion-request.ts";
import { loadDeletionReview } from "@/lib/lgpd/server/load-deletion-review.ts";
import { reopenDeletion } from "@/lib/lgpd/server/reopen-deletion.ts";
import { requestDeletion } from "@/lib/lgpd/server/request-deletion.ts";
import { requestDeletionByStaff } from "@/lib/lgpd/server/request-deletion-by-staff.ts";
import { retryLgpdRequest } from "@/lib/lgpd/server/retry-lgpd-request.ts";
import { searchLgpdRequests } from "@/lib/lgpd/server/search-lgpd-requests.ts";
import { setDeletionReview } from "@/lib/lgpd/server/set-deletion-review.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, type LgpdInstance } from "./helpers/lgpd.ts";
import { refusal } from "./helpers/refusal.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;
let other: LgpdInstance;
let api: UseCaseContext;
let helena: UseCaseContext;
let bruno: UseCaseContext;

async function officer(instanceId: number, email: string): Promise<UseCaseContext> {
  const user = await db.user.create({
    data: { instanceId, email, name: email.split("@")[0]!, role: "admin", passwordHash: "x" },
  });
  const actor: Actor = { type: "user", id: user.id, userId: user.id, label: email, instanceId, role: "admin" };
  return { actor, requestId: `req-${email}` };
}

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-decisions");
  other = await createLgpdInstance(db, "other-decisions");
  api = { actor: systemActor("lgpd_api", acme.instanceId, "API LGPD") };
  helena = await officer(acme.instanceId, "helena@acme.example");
  bruno = await officer(acme.instanceId, "bruno@acme.example");
  await setDeletionReview(helena, { enabled: true });
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const auditsOf = (id: number, action: string) =>
  db.auditLog.findMany({
    where: { instanceId: acme.instanceId, action, entityId: String(id) },
    orderBy: { id: "asc" },
    select: { actorLabel: true, details: true },
  });

async function deniedRequest(cpf: string, reason = "Identidade não confirmada") {
  const { request } = await requestDeletion(api, { cpf });
  await denyDeletion(helena, { id: request.id, reason });
  return request.id;
}

describe("a denied deletion", () => {
  it("cannot be put back in the queue by the retry of errored requests", async () => {
    const cpf = cpfFromBase(410_000_001);
    const id = await deniedRequest(cpf);
    const refused = await refusal(retryLgpdRequest(helena, { id, cpf }));
    expect(refused).toMatchObject({ kind: "conflict", code: "lgpd_denied_final" });
    const row = await db.lgpdRequest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "error", review: "denied", cpfPending: null, pendingKey: null });
    expect(await auditsOf(id, "lgpd_request.retry")).toEqual([]);
  });

  it("is reopened only on purpose: the CPF typed again and a reason; it then waits for review again, audited", async () => {
    const cpf = cpfFromBase(410_000_002);
    const id = await deniedRequest(cpf, "Documento ilegível");
    const wrongCpf = cpfFromBase(410_000_003);
    expect((await refusal(reopenDeletion(bruno, { id, cpf: wrongCpf, reason: "Nova cópia" }))).code).toBe(
      "lgpd_cpf_mismatch",
    );
    const foreign = { actor: systemActor("cli", other.instanceId) };
    expect((await refusal(reopenDeletion(foreign, { id, cpf, reason: "Nova cópia" }))).code).toBe(
      "lgpd_request_not_found",
    );

    const reopened = await reopenDeletion(bruno, { id, cpf: formatCpf(cpf), reason: "Titular enviou nova cópia" });
    expect(reopened).toMatchObject({
      id,
      status: "pending",
      review: "awaiting",
      review_reason: null,
      processed_at: null,
      details: null,
    });
    expect(await db.lgpdRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ cpfPending: cpf });
    expect(await describeDeletionRequest(api, { cpf })).toMatchObject({
      status: "pending",
      details: { review: "awaiting" },
    });
    expect((await loadDeletionReview(helena)).awaiting.map((row) => row.id)).toContain(id);
    expect(await auditsOf(id, "lgpd_request.reopen")).toEqual([
      {
        actorLabel: "bruno@acme.example",
        details: {
          cpf_masked: reopened.cpf_masked,
          reason: "Titular enviou nova cópia",
          previous_reason: "Documento ilegível",
        },
      },
    ]);
    // Reopened, it is a decision to take again, not a second reopening.
    expect((await refusal(reopenDeletion(bruno, { id, cpf, reason: "De novo" }))).code).toBe("lgpd_not_denied");
    expect(await approveDeletion(helena, { id })).toMatchObject({ review: "approved" });
  });

  it("is its own state in the staff search: 'denied' finds it, 'error' (failures) does not", async () => {
    const cpf = cpfFromBase(410_000_007);
    const id = await deniedRequest(cpf);
    const failed = await db.lgpdRequest.create({
      data: { instanceId: acme.instanceId, cpfHash: "f".repeat(64), cpfMasked: "***.000.000-**", status: "error" },
    });
    const ids = async (status: "denied" | "error") =>
      (await searchLgpdRequests(helena, { status, page: 1, page_size: 100 })).items.map((row) => row.id);
    expect(await ids("denied")).toContain(id);
    expect(await ids("denied")).not.toContain(failed.id);
    expect(await ids("error")).toContain(failed.id);
    expect(await ids("error")).not.toContain(id);
  });

  it("cannot be reopened while another request for the CPF is pending", async () => {
    const cpf = cpfFromBase(410_000_004);
    const id = await deniedRequest(cpf);
    const { request: newer } = await requestDeletion(api, { cpf });
    const refused = await refusal(reopenDeletion(helena, { id, cpf, reason: "Nova cópia" }));
    expect(refused).toMatchObject({ code: "lgpd_pending_exists", params: { id: newer.id } });
  });
});

describe("four eyes", () => {
  it("when on, whoever entered a request cannot approve it alone; another officer can", async () => {
    const cpf = cpfFromBase(410_000_005);
    const { request } = await requestDeletionByStaff(helena, { cpf, channel: "letter" });
    expect(request.review).toBe("awaiting");

    // Off (the default), the officer who typed it may approve it.
    expect((await loadDeletionReview(helena)).four_eyes).toBe(false);
    const on = await setDeletionReview(helena, { four_eyes: true });
    expect(on).toMatchObject({ enabled: true, four_eyes: true });
    expect(on.entered_by_you).toContain(request.id);
    expect((await loadDeletionReview(bruno)).entered_by_you).not.toContain(request.id);

    const refused = await refusal(approveDeletion(helena, { id: request.id }));
    expect(refused).toMatchObject({ kind: "conflict", code: "lgpd_four_eyes" });
    expect(await db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      review: "awaiting",
    });
    expect(await approveDeletion(bruno, { id: request.id })).toMatchObject({ review: "approved" });
    expect(await auditsOf(request.id, "lgpd_request.approve")).toHaveLength(1);
    expect(
      (await db.auditLog.findMany({ where: { instanceId: acme.instanceId, action: "instance.lgpd_four_eyes" } })).map(
        (row) => row.details,
      ),
    ).toEqual([{ changes: { lgpd_four_eyes: { before: false, after: true } } }]);
    await setDeletionReview(helena, { four_eyes: false });
  });

  it("when off, the officer who entered a request may still approve it", async () => {
    const cpf = cpfFromBase(410_000_006);
    const { request } = await requestDeletionByStaff(bruno, { cpf });
    expect(await approveDeletion(bruno, { id: request.id })).toMatchObject({ review: "approved" });
  });
});
