// The tracking page greets the customer with the company's own name, never the instance's slug: an instance whose name
// is only its slug ("Default" for "default") and no company name set shows no name at all.
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { trackingView } from "@/lib/tracking/server/view.ts";
import { cpfFromBase, createLgpdInstance, insertDocument } from "./helpers/lgpd.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

it("never shows the slug; the company name once set; the instance's own name when it is not the slug", async () => {
  const instance = await createLgpdInstance(db, "atendimento-default");
  await db.instance.update({ where: { id: instance.instanceId }, data: { name: "Atendimento Default" } });
  const document = await insertDocument(db, instance, cpfFromBase(321_000_001));
  const view = () => trackingView(trackingToken(document.uuid));
  expect((await view()).company).toBeNull();

  await db.instance.update({ where: { id: instance.instanceId }, data: { name: "Seguros Acme Ltda." } });
  expect((await view()).company).toBe("Seguros Acme Ltda.");

  await db.trackingPageSettings.create({ data: { instanceId: instance.instanceId, companyName: "Acme Seguros" } });
  expect((await view()).company).toBe("Acme Seguros");
});
