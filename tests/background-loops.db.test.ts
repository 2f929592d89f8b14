// The app server's and the worker's shutdown stop every background job loop before the database closes
// (lib/ops/server/background-loops.ts). The app server used to stop only the deletion and outbox loops: the access
// package loop (and the retention loop) kept polling — and claiming requests — on a pool about to close.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { runningPollingLoops } from "@/lib/jobs/polling-loop.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { requestAccess } from "@/lib/lgpd/server/request-access.ts";
import { startBackgroundLoops, stopBackgroundLoops } from "@/lib/ops/server/background-loops.ts";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  process.env.LGPD_POLL_SECONDS = "1";
  database = await createMigratedDatabase();
  db = await getDb();
});
afterAll(async () => {
  await stopBackgroundLoops();
  delete process.env.LGPD_POLL_SECONDS;
  await closeDb();
  await database?.cleanup();
});

describe("background job loops", () => {
  it("shutdown stops every loop it started: none polls afterwards and a due access request stays unclaimed", async () => {
    const { instanceId } = await createInstanceWithCatalog(db, "loops-shutdown");
    const { owner } = startBackgroundLoops({ unref: true });
    expect(owner).toEqual(expect.any(String));
    expect(runningPollingLoops().sort()).toEqual([
      "__docflowJobLoop:email",
      "__docflowJobLoop:lgpd",
      "__docflowJobLoop:lgpd_access",
      "__docflowJobLoop:retention",
      "__docflowJobLoop:webhook",
      // The search indexes' fold runs on PostgreSQL servers only (lib/ops/server/search-index-upkeep.ts).
      ...(process.env.TEST_DATABASE_URL ? ["__docflowSearchIndexLoop"] : []),
    ]);

    await stopBackgroundLoops();
    expect(runningPollingLoops()).toEqual([]);

    // Due work queued after the stop is not touched by this process any more.
    const { request } = await requestAccess({ actor: systemActor("lgpd_api", instanceId) }, { cpf: "529.982.247-25" });
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // three poll periods
    const row = await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row).toMatchObject({ status: "pending", leaseOwner: null, attempts: 0 });
  });
});
