// The original's Go CLI asks for a modality and sends "" when the user just presses Enter: the document API must read
// that as "no modality" — through the same request schema the routes parse with and the same use-cases — instead of
// creating (and attaching) a modality whose identifier is empty. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { createDocumentSchema, updateDocumentSchema } from "@/lib/documents/schemas.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let cleanup: () => Promise<void>;
let catalog: SeededCatalog;
let staff: Actor;

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  staff = { type: "token", id: 1, label: "token:cli", instanceId: catalog.instanceId, role: "staff", userId: null };
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const emptyModalities = () => db.modality.count({ where: { instanceId: catalog.instanceId, identifier: "" } });

it("an empty modality answer creates no modality and sets none; on update it clears the document's", async () => {
  const body = createDocumentSchema.parse({
    status_id: catalog.statusIds["Novo"],
    product_id: catalog.productId,
    cpf: "11144477735",
    modality_identifier: "",
  });
  const created = await createDocument({ actor: staff }, body);
  const stored = await db.document.findUniqueOrThrow({ where: { id: created.id } });
  expect(stored.modalityIdentifier).toBeNull();
  expect(stored.modalityId).toBeNull();
  expect(await emptyModalities()).toBe(0);

  await updateDocument({ actor: staff }, updateDocumentSchema.parse({ id: created.id, modality_identifier: "cli-1" }));
  expect((await db.document.findUniqueOrThrow({ where: { id: created.id } })).modalityIdentifier).toBe("cli-1");
  await updateDocument({ actor: staff }, updateDocumentSchema.parse({ id: created.id, modality_identifier: "  " }));
  const cleared = await db.document.findUniqueOrThrow({ where: { id: created.id } });
  expect(cleared.modalityIdentifier).toBeNull();
  expect(cleared.modalityId).toBeNull();
  expect(await emptyModalities()).toBe(0);
});
