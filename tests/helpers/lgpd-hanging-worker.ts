// A worker that dies while holding claims (tests/lgpd-lease.http.test.ts): with the default lease settings it claims up
// to two due requests and runs the real lease heartbeat over them, opens the first one's deletion transaction,
// deletes, reports on stdout and then never commits, until the test SIGKILLs it. The second request is held by its
// renewed lease alone. Run with node + tsx's loader and DATABASE_URL pointing at the test database, or PGLITE_DIR at
// an embedded one (then this process holds its lock, as the app would, and its one connection: the heartbeat waits
// behind the open transaction).
import "../../scripts/support/allow-server-only.ts";
import pg from "pg";
import { lgpdSettings } from "../../lib/lgpd/config.ts";
import { defaultSession, poolSession } from "../../lib/db/sql-session.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { startLeaseHeartbeat } = await import("../../lib/jobs/server/lease.ts");
const { eraseTiedData } = await import("../../lib/lgpd/server/erase-tied-data.ts");
const { claimDueRequests } = await import("../../lib/lgpd/server/deletion-queue.ts");

const owner = process.argv[2] ?? "hanging-worker";
const settings = lgpdSettings();
const session = process.env.DATABASE_URL
  ? poolSession(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 }))
  : await defaultSession();
const claimed = await claimDueRequests(session, { owner, limit: 2, leaseSeconds: settings.leaseSeconds });
const [first] = claimed;
if (!first?.cpfPending) {
  process.stdout.write(`${JSON.stringify({ error: "nothing to claim" })}\n`);
  process.exit(2);
}
startLeaseHeartbeat(session, {
  queue: "lgpd",
  table: "LgpdRequest",
  owner,
  ids: claimed.map((request) => request.id),
  leaseSeconds: settings.leaseSeconds,
  everySeconds: settings.heartbeatSeconds,
});
await session.transaction(async (sql) => {
  await sql(`SELECT id FROM "LgpdRequest" WHERE id = $1 AND "leaseOwner" = $2 FOR UPDATE`, [first.id, owner]);
  const deleted = (await eraseTiedData(sql, first.instanceId, first.cpfPending!)).deleted;
  process.stdout.write(`${JSON.stringify({ claimed: claimed.map((request) => request.id), deleted })}\n`);
  await new Promise(() => setInterval(() => {}, 60_000)); // never commits: the test kills this process here
});
