// The LGPD deletion use-case (request → worker → erasure) on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), without Next: what is deleted, what is kept, what the request records, and that a processed
// request is never processed again. Reached before only through HTTP (tests/lgpd-erasure.http.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { describeDeletionRequest } from "@/lib/lgpd/server/describe-deletion-request.ts";
import { requestDeletion as requestDeletionUseCase } from "@/lib/lgpd/server/request-deletion.ts";
import {
  cpfFromBase,
  createLgpdInstance,
  formatCpf,
  insertDocument,
  remaining,
  type LgpdInstance,
} from "./helpers/lgpd.ts";
import { encryptSecret } from "@/lib/webhooks/server/secret.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

/** What the LGPD API's routes hand the use-cases: the instance's LGPD API actor. */
const lgpdApi = (instanceId: number) => ({ actor: systemActor("lgpd_api", instanceId, "API LGPD") });
const requestDeletion = (instanceId: number, cpf: string) => requestDeletionUseCase(lgpdApi(instanceId), { cpf });

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: LgpdInstance;
let other: LgpdInstance;
const owner = "lgpd-deletion-db-test";

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createLgpdInstance(db, "acme-deletion");
  other = await createLgpdInstance(db, "other-deletion");
});
afterAll(async () => {
  delete process.env.LGPD_DELAY_HOURS;
  await closeDb();
  await database?.cleanup();
});

describe("deletion of the data tied to a CPF", () => {
  it("erases the person's documents and their children in the instance, keeps everyone else's, records the counts", async () => {
    const person = cpfFromBase(123_456_701);
    const bystander = cpfFromBase(123_456_702);
    // Written formatted and as digits: both are the same person.
    const first = await insertDocument(db, acme, formatCpf(person), { observations: 2, attachments: 2, history: 3 });
    const second = await insertDocument(db, acme, person, { history: 1 });
    const kept = await insertDocument(db, acme, bystander, { observations: 1, history: 1 });
    const elsewhere = await insertDocument(db, other, person, { observations: 1 });

    const endpoint = await db.webhookEndpoint.create({
      data: {
        instanceId: acme.instanceId,
        url: "https://receiver.example.com/hook",
        events: ["lgpd.request.completed"],
        secretCipher: encryptSecret("whsec_test"),
        secretHint: "whsec_…test",
      },
    });

    const { request, created } = await requestDeletion(acme.instanceId, formatCpf(person));
    expect(created).toBe(true);
    expect(request.status).toBe("pending");
    // A second request while it is pending is the same request.
    expect((await requestDeletion(acme.instanceId, person)).request.id).toBe(request.id);

    const run = await processDueRequests({ owner, limit: 10 });
    expect(run.results).toEqual([
      {
        id: request.id,
        outcome: "done",
        deleted: { documents: 2, observations: 2, attachments: 2, history: 4 },
      },
    ]);
    expect(await remaining(db, [first.id, second.id])).toEqual({
      documents: 0,
      observations: 0,
      attachments: 0,
      history: 0,
    });
    // The bystander in the same instance and the same CPF in another instance are untouched.
    expect(await remaining(db, [kept.id])).toEqual({ documents: 1, observations: 1, attachments: 0, history: 1 });
    expect(await remaining(db, [elsewhere.id])).toMatchObject({ documents: 1, observations: 1 });

    const row = await db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({ status: "done", cpfPending: null, pendingKey: null, leaseOwner: null, attempts: 1 });
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(row.details).toMatchObject({ deleted: { documents: 2, observations: 2, attachments: 2, history: 4 } });
    // Nothing readable of the CPF is left on the request; it is still found by the CPF (keyed hash) for the status API.
    expect(JSON.stringify(row)).not.toContain(person);
    expect(await describeDeletionRequest(lgpdApi(acme.instanceId), { cpf: person })).toMatchObject({
      status: "done",
      details: { deleted: { documents: 2 } },
    });
    // The completion event for the instance's receivers was queued with the erasure: ids to erase, never the CPF.
    const events = await db.outboxMessage.findMany({ where: { endpointId: endpoint.id } });
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe("lgpd.request.completed");
    expect(event.data).toMatchObject({ request_id: request.id, status: "done" });
    expect((event.data.documents as Array<{ id: number }>).map((doc) => doc.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(events[0]!.body).not.toContain(person);
    // Done once: nothing is claimed again.
    expect(await processDueRequests({ owner, limit: 10 })).toEqual({ claimed: 0, results: [] });
  });

  it("ends not_found when nothing is tied to the CPF, deleting nothing", async () => {
    const bystander = await insertDocument(db, acme, cpfFromBase(123_456_703));
    const before = await db.document.count();
    const { request } = await requestDeletion(acme.instanceId, cpfFromBase(123_456_704));
    const run = await processDueRequests({ owner, limit: 10 });
    expect(run.results).toEqual([
      { id: request.id, outcome: "not_found", deleted: { documents: 0, observations: 0, attachments: 0, history: 0 } },
    ]);
    expect(await db.document.count()).toBe(before);
    expect(await remaining(db, [bystander.id])).toMatchObject({ documents: 1 });
    expect(await db.lgpdRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "not_found",
      cpfPending: null,
    });
  });

  it("waits LGPD_DELAY_HOURS before a request may be processed (read through lib/config at each request)", async () => {
    const person = cpfFromBase(123_456_705);
    const document = await insertDocument(db, acme, person);
    process.env.LGPD_DELAY_HOURS = "2";
    try {
      const { request } = await requestDeletion(acme.instanceId, person);
      const due = request.notBefore.getTime() - request.requestedAt.getTime();
      expect(due).toBeGreaterThanOrEqual(2 * 3_600_000 - 1_000);
      expect(await processDueRequests({ owner, limit: 10 })).toEqual({ claimed: 0, results: [] });
      expect(await remaining(db, [document.id])).toMatchObject({ documents: 1 });
      // Once due (moved back here instead of waiting two hours), it is processed.
      await db.lgpdRequest.update({ where: { id: request.id }, data: { notBefore: new Date(Date.now() - 1000) } });
      const run = await processDueRequests({ owner, limit: 10 });
      expect(run.results).toMatchObject([{ id: request.id, outcome: "done" }]);
      expect(await remaining(db, [document.id])).toMatchObject({ documents: 0 });
    } finally {
      delete process.env.LGPD_DELAY_HOURS;
    }
  });
});
