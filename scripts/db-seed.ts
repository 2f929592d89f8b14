// npm run db:seed [-- --force] [-- --company-name "<name>"]: applies migrations, then creates the `default` instance
// with the default catalog (and the name its customers know the company by, when given) when the database has no
// instance. Never touches a database that has data; refuses NODE_ENV=production unless forced.
import "./support/allow-server-only.ts";
import { parseArgs } from "node:util";
import { checkConfigOrExit } from "../lib/config/index.ts";
import { describeTarget } from "../lib/db/connection.ts";
import { DatabaseInUseError } from "../lib/db/pglite-lock.ts";
import { COMPANY_NAME_MAX } from "../lib/tracking/schemas.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { prepareDatabase } = await import("../lib/ops/server/prepare-database.ts");
const { seedRefusal } = await import("../lib/seed/server/seed-database.ts");

const USAGE =
  'usage: npm run db:seed [-- --force] [--company-name "<name>"]   (--force: allow NODE_ENV=production; ' +
  "--company-name: the name customers know the company by, else the first admin is asked for it)";
let force = false;
let companyName: string | undefined;
try {
  const { values } = parseArgs({
    options: {
      force: { type: "boolean" },
      "company-name": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  force = values.force ?? false;
  companyName = values["company-name"];
  if (companyName && companyName.trim().length > COMPANY_NAME_MAX) {
    throw new Error(`--company-name: at most ${COMPANY_NAME_MAX} characters`);
  }
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

checkConfigOrExit();
const refusal = seedRefusal(process.env, force);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

try {
  const { target, applied, seed } = await prepareDatabase({ firstAdmin: false, companyName });
  const where = describeTarget(target);
  if (applied.length) console.log(`${where}: applied migrations ${applied.join(", ")}`);
  console.log(seed.seeded ? `${where}: seeded ${seed.summary}` : `${where}: not seeded — ${seed.reason}`);
} catch (error) {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
}
// The migration engine leaves timers behind for ~10 s; there is nothing left to wait for.
process.exit(0);
