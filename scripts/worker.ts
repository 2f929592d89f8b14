// npm run worker — the LGPD deletion loop and the outbox (customer e-mails) as their own process, for PostgreSQL deployments with several app servers
// (run those with LGPD_WORKER=off). Several workers may run at once: leases keep them off each other's requests.
// SIGTERM/SIGINT stop it gracefully: the request in progress commits or rolls back, then the pool closes.
import "./support/allow-server-only.ts";
import { checkConfigOrExit } from "../lib/config/index.ts";
import { describeTarget, databaseTarget, DatabaseInUseError } from "../lib/db/connection.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { log } from "../lib/log.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { startBackgroundLoops, stopBackgroundLoops } = await import("../lib/ops/server/background-loops.ts");

checkConfigOrExit("[worker] ");
const target = databaseTarget();
if (target.kind === "pglite") {
  console.error(
    `Using ${describeTarget(target)}: PGlite allows one process, so the app must not be running. ` +
      `With the embedded database the app runs this loop itself (LGPD_WORKER unset).`,
  );
  // Open it now, so that a running server makes this refuse at once instead of failing every poll.
  try {
    await getDb();
  } catch (error) {
    console.error(error instanceof DatabaseInUseError ? error.message : error);
    process.exit(1);
  }
}

const loop = startBackgroundLoops();
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info("lgpd.worker_stopping", { owner: loop.owner, signal });
    void stopBackgroundLoops()
      .then(() => closeDb())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}
