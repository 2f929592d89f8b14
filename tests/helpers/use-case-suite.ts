// The frame of a use-case test file (tests/*-use-cases.db.test.ts, tests/settings-products.db.test.ts): a migrated
// database of its own, two instances, and a ctx acting in each, so every test can also show that the other instance's
// rows are unknown to the use-case.
import { afterAll, beforeAll } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { createMigratedDatabase, type TestDatabase } from "./test-database.ts";

export type TwoInstanceSuite<Instance> = {
  db: Db;
  acme: Instance;
  other: Instance;
  /** A CLI actor of `acme`, with the file's request id. */
  ctx: UseCaseContext;
  /** A CLI actor of `other`, without a request id. */
  otherCtx: UseCaseContext;
};

/**
 * Registers the file's beforeAll/afterAll: a copy of the migrated template, `acme` and `other` made by `createInstance`
 * under the given slugs, a ctx for each. The answer's fields are set once beforeAll has run.
 */
export function twoInstanceSuite<Instance extends { instanceId: number }>(
  createInstance: (db: Db, slug: string) => Promise<Instance>,
  slugs: { acme: string; other: string },
  requestId: string,
): TwoInstanceSuite<Instance> {
  const suite = {} as TwoInstanceSuite<Instance>;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
    database = await createMigratedDatabase();
    suite.db = await getDb();
    suite.acme = await createInstance(suite.db, slugs.acme);
    suite.other = await createInstance(suite.db, slugs.other);
    suite.ctx = { actor: systemActor("cli", suite.acme.instanceId), requestId };
    suite.otherCtx = { actor: systemActor("cli", suite.other.instanceId) };
  });
  afterAll(async () => {
    await closeDb();
    await database?.cleanup();
  });
  return suite;
}

export { refusal } from "./refusal.ts";
