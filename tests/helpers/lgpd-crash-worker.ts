// A worker that dies mid-deletion (tests/lgpd-processor.http.test.ts): it claims one due request, opens the deletion
// transaction, deletes everything tied to the CPF, reports the counts on stdout and then waits to be SIGKILLed
// before it commits. Run with tsx and DATABASE_URL pointing at the test database.
import pg from "pg";
import { eraseTiedData } from "../../lib/lgpd/server/erase-tied-data.ts";
import { claimDueRequests } from "../../lib/lgpd/server/deletion-queue.ts";
import { poolSession } from "../../lib/db/sql-session.ts";

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
