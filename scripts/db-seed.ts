// npm run db:seed [-- --force]: applies migrations, then creates the `default` instance with the default catalog when
// the database has no instance. Never touches a database that has data; refuses NODE_ENV=production unless forced.
import "./support/allow-server-only.ts";
import { parseArgs } from "node:util";
import { checkConfigOrExit } from "../lib/config/index.ts";
import { describeTarget } from "../lib/db/connection.ts";
import { DatabaseInUseError } from "../lib/db/pglite-lock.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { prepareDatabase } = await import("../lib/ops/server/prepare-database.ts");
const { seedRefusal } = await import("../lib/seed/server/seed-database.ts");

let force = false;
try {
  const { values } = parseArgs({ options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log("usage: npm run db:seed [-- --force]   (--force: allow NODE_ENV=production)");
    process.exit(0);
  }
  force = values.force ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\nusage: npm run db:seed [-- --force]`);
  process.exit(2);
}

checkConfigOrExit();
const refusal = seedRefusal(process.env, force);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

try {
  const { target, applied, seed } = await prepareDatabase({ firstAdmin: false });
  const where = describeTarget(target);
  if (applied.length) console.log(`${where}: applied migrations ${applied.join(", ")}`);
  console.log(seed.seeded ? `${where}: seeded ${seed.summary}` : `${where}: not seeded — ${seed.reason}`);
} catch (error) {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
}
// The migration engine leaves timers behind for ~10 s; there is nothing left to wait for.
process.exit(0);
