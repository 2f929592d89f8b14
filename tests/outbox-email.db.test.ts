// The outbox processor (customer e-mails) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a
// real SMTP server on loopback, without Next: a status change's message waits without SMTP, is sent once with SMTP,
// is retried after a temporary refusal and ends failed after a permanent one. Reached before only through HTTP
// (tests/outbox-email.http.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { rawQuery } from "@/lib/db/raw-query.ts";
import { queueStatusMessage } from "@/lib/outbox/server/enqueue.ts";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let sink: SmtpSink;
let instance: LgpdInstance;
const owner = "outbox-email-db-test";

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  sink = await startSmtpSink();
  instance = await createLgpdInstance(db, "acme-outbox");
  await db.status.update({
    where: { id: instance.statusIds["Novo"] },
    data: { notifyCustomer: true, messageSubject: "Protocolo {protocolo}: {status}" },
  });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink?.close();
  await closeDb();
  await database?.cleanup();
});
beforeEach(() => {
  delete process.env.SMTP_URL;
  sink.refuse(null);
});

/** A document in the notifying status and its queued message, as the status change's transaction queues it. */
async function queuedMessage(base: number) {
  const document = await insertDocument(db, instance, cpfFromBase(base));
  const id = await queueStatusMessage(rawQuery, {
    instanceId: instance.instanceId,
    documentId: document.id,
    now: new Date(),
  });
  expect(id).not.toBeNull();
  return { document, id: id! };
}

describe("outbox e-mails", () => {
  it("wait without SMTP_URL, then leave once through the SMTP server", async () => {
    const { document, id } = await queuedMessage(223_456_701);
    expect(await processDueEmails({ owner })).toEqual({ claimed: 0, results: [] });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending",
      attempts: 0,
    });

    process.env.SMTP_URL = sink.url;
    const run = await processDueEmails({ owner });
    expect(run.results).toEqual([{ id, outcome: "sent" }]);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual(["maria@example.com"]);
    expect(mail!.subject).toBe(`Protocolo ${document.protocol}: Novo`);
    expect(mail!.text).toContain("/acompanhar?t=");
    const row = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", attempts: 1, leaseOwner: null, sendingSince: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Sent once: the next poll finds nothing.
    expect(await processDueEmails({ owner })).toEqual({ claimed: 0, results: [] });
    expect(sink.messages).toHaveLength(1);
  });

  it("retries after a temporary refusal and ends failed after a permanent one", async () => {
    const sentBefore = sink.messages.length;
    const { id } = await queuedMessage(223_456_702);
    process.env.SMTP_URL = sink.url;
    sink.refuse({ code: 451, message: "try again later" });
    const first = await processDueEmails({ owner, settings: { retryBaseSeconds: 60 } });
    expect(first.results).toMatchObject([{ id, outcome: "retry", attempts: 1 }]);
    const waiting = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, sendingSince: null });
    expect(waiting.lastError).toContain("451");
    expect(waiting.notBefore.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing is claimed.
    expect(await processDueEmails({ owner })).toEqual({ claimed: 0, results: [] });

    await db.outboxMessage.update({ where: { id }, data: { notBefore: new Date(Date.now() - 1000) } });
    sink.refuse({ code: 550, message: "no such mailbox" });
    const second = await processDueEmails({ owner });
    expect(second.results).toMatchObject([{ id, outcome: "failed", attempts: 2 }]);
    const failed = await db.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(failed).toMatchObject({ status: "failed", attempts: 2, leaseOwner: null });
    expect(failed.lastError).toContain("550");
    expect(sink.messages.length).toBe(sentBefore);
  });
});
