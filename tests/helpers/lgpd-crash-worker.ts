// A worker that dies mid-deletion (tests/lgpd-processor.http.test.ts): it claims one due request, opens the deletion
// transaction, deletes everything tied to the CPF, reports the counts on stdout and then waits to be SIGKILLed
// before it commits. Run with tsx and DATABASE_URL pointing at the test database.
import "../../scripts/support/allow-server-only.ts";
import pg from "pg";
import { poolSession } from "../../lib/db/sql-session.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { eraseTiedData } = await import("../../lib/lgpd/server/erase-tied-data.ts");
const { claimDueRequests } = await import("../../lib/lgpd/server/deletion-queue.ts");

const owner = process.argv[2] ?? "crash-worker";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const session = poolSession(pool);
const [claimed] = await claimDueRequests(session, { owner, limit: 1, leaseSeconds: 300 });
if (!claimed?.cpfPending) {
  process.stdout.write(`${JSON.stringify({ error: "nothing to claim" })}\n`);
  process.exit(2);
}
await session.transaction(async (sql) => {
  await sql(`SELECT id FROM "LgpdRequest" WHERE id = $1 AND "leaseOwner" = $2 FOR UPDATE`, [claimed.id, owner]);
  const deleted = (await eraseTiedData(sql, claimed.instanceId, claimed.cpfPending!)).deleted;
  process.stdout.write(`${JSON.stringify({ id: claimed.id, deleted })}\n`);
  await new Promise(() => {}); // never commits: the test kills this process here
});
