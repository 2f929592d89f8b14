// The customer's side of the conversation surfaces and acts: a reply or a file from the tracking page marks the case
// in the queue ("Cliente respondeu", sorted by the customer's last activity) until a staff member opens or answers
// it, moves updated_at, may move the case out of a waiting status (the customer's doing in the history), and tells
// the assignee — or, unassigned, the staff who opted in — in the header's count and, if they asked, by e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { addObservation } from "@/lib/documents/server/add-observation.ts";
import { loadDocumentForStaff } from "@/lib/documents/server/load-document-for-staff.ts";
import { loadDocumentHistory } from "@/lib/documents/server/load-document-history.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { countCustomerReplies } from "@/lib/tracking/server/count-customer-replies.ts";
import { replyFromCustomer } from "@/lib/tracking/server/reply-from-customer.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let instance: LgpdInstance;
const people: Record<"ana" | "bruno" | "carla", Actor> = {} as never;
const customer = { address: "203.0.113.10", requestId: "req-customer-activity" };

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  instance = await createLgpdInstance(db, "acme-activity");
  const make = async (
    name: "ana" | "bruno" | "carla",
    data: { notifyUnassigned?: boolean; notifyByEmail?: boolean },
  ) => {
    const user = await db.user.create({
      data: {
        instanceId: instance.instanceId,
        name,
        email: `${name}@example.com`,
        role: "staff",
        passwordHash: "x",
        ...data,
      },
    });
    people[name] = {
      type: "user",
      id: user.id,
      label: user.email,
      instanceId: instance.instanceId,
      role: "staff",
      userId: user.id,
    };
  };
  await make("ana", { notifyByEmail: true });
  await make("bruno", {});
  await make("carla", { notifyUnassigned: true });
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const search = (actor: Actor, body: Record<string, unknown>) =>
  searchDocuments({ actor }, { query: ZSearchDocumentsBody.parse({ page_size: 100, ...body }) });

describe("a customer's reply", () => {
  it("marks the case in the queue until the assignee opens it, moves updated_at, sorts first by the customer's activity", async () => {
    const waiting = instance.statusIds["Aguardando documentos"]!;
    const replied = await insertDocument(db, instance, cpfFromBase(319_000_001), {}, {});
    const quiet = await insertDocument(db, instance, cpfFromBase(319_000_002));
    await db.document.update({ where: { id: replied.id }, data: { userId: people.ana.id, statusId: waiting } });
    const before = await db.document.findUniqueOrThrow({ where: { id: replied.id } });

    await replyFromCustomer(customer, {
      token: trackingToken(replied.uuid),
      text: "o BO ainda não saiu… posso mandar depois?",
    });

    const after = await db.document.findUniqueOrThrow({ where: { id: replied.id } });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const marked = await search(people.bruno, { filters: { customer_replied: true } });
    expect(marked.items.map((item) => item.id)).toEqual([replied.id]);
    expect(marked.items[0]).toMatchObject({ customer_unread: true });
    const sorted = await search(people.bruno, { sort: "customer_activity" });
    expect(sorted.items[0]!.id).toBe(replied.id);
    expect(sorted.items.find((item) => item.id === quiet.id)).toMatchObject({ customer_unread: false });

    // Told: the assignee's header count (and her e-mail, she asked for it); nobody else's.
    const forAna = await countCustomerReplies({ actor: people.ana });
    expect(forAna).toMatchObject({ count: 1 });
    // Open queues refresh on the instance's latest customer activity, which this reply just set.
    expect(Date.now() - Date.parse(forAna.last_activity_at!)).toBeLessThan(60_000);
    expect(await countCustomerReplies({ actor: people.bruno })).toMatchObject({ count: 0 });
    const mails = await db.outboxMessage.findMany({
      where: { instanceId: instance.instanceId, recipient: "ana@example.com" },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(replied.protocol);
    expect(mails[0]!.body).not.toContain("o BO ainda não saiu");

    // A colleague opening it does not clear the assignee's marker? It does: the case was seen by staff.
    await loadDocumentForStaff({ actor: people.ana }, { id: replied.id });
    expect((await search(people.bruno, { filters: { customer_replied: true } })).items).toEqual([]);
    expect(await countCustomerReplies({ actor: people.ana })).toMatchObject({ count: 0 });
  });

  it("is cleared by a staff answer; an unassigned case tells the staff who opted in", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(319_000_003));
    await replyFromCustomer(customer, { token: trackingToken(document.uuid), text: "Enviei a CNH." });
    expect(await countCustomerReplies({ actor: people.carla })).toMatchObject({ count: 1 });
    expect(await countCustomerReplies({ actor: people.bruno })).toMatchObject({ count: 0 });
    await addObservation(
      { actor: people.bruno },
      { documentId: document.id, text: "Recebido!", visibility: "customer" },
    );
    expect(await countCustomerReplies({ actor: people.carla })).toMatchObject({ count: 0 });
  });

  it("moves the case as its status says, recorded as the customer's doing", async () => {
    const waiting = instance.statusIds["Aguardando documentos"]!;
    const analysis = instance.statusIds["Em análise"]!;
    await db.status.update({ where: { id: waiting }, data: { replyStatusId: analysis } });
    const document = await insertDocument(db, instance, cpfFromBase(319_000_004));
    await db.document.update({ where: { id: document.id }, data: { statusId: waiting } });
    await replyFromCustomer(customer, { token: trackingToken(document.uuid), text: "Segue o documento." });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).statusId).toBe(analysis);
    const history = await loadDocumentHistory({ actor: people.bruno }, { id: document.id });
    const move = history.find((entry) => entry.changes.some((change) => change.field === "status_id"));
    expect(move).toMatchObject({ actor_type: "customer" });
    await db.status.update({ where: { id: waiting }, data: { replyStatusId: null } });
  });
});
