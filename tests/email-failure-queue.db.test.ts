// A case whose last customer e-mail failed is seen in the queue: a filter for them and, on each listed case, the
// failure's reason as a code the page says in Portuguese. A failed e-mail sent again since (and sent) is not listed.
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let instance: LgpdInstance;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  instance = await createLgpdInstance(db, "acme-failures");
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

it("filters the cases whose last customer e-mail failed and says why", async () => {
  const failed = await insertDocument(db, instance, cpfFromBase(322_000_001));
  const recovered = await insertDocument(db, instance, cpfFromBase(322_000_002));
  const mail = (documentId: number, status: "failed" | "sent", at: number, lastError: string | null) =>
    db.outboxMessage.create({
      data: {
        instanceId: instance.instanceId,
        documentId,
        recipient: "maria@example.com",
        subject: "s",
        body: "b",
        status,
        lastError,
        createdAt: new Date(Date.now() - at),
      },
    });
  await mail(failed.id, "failed", 1000, "550 5.1.1 mailbox unavailable");
  await mail(recovered.id, "failed", 2000, "550 5.1.1 mailbox unavailable");
  await mail(recovered.id, "sent", 1000, null);
  const answer = await searchDocuments(
    { actor: systemActor("cli", instance.instanceId) },
    { query: ZSearchDocumentsBody.parse({ filters: { email_failed: true } }) },
  );
  expect(answer.items.map((item) => item.id)).toEqual([failed.id]);
  expect(answer.items[0]).toMatchObject({ email_failure: "recipient_refused" });
});
