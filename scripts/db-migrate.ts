// npm run db:migrate: applies prisma/migrations to the embedded PGlite or to DATABASE_URL.
import { checkConfigOrExit } from "../lib/config/index.ts";
import { databaseTarget, describeTarget } from "../lib/db/connection.ts";
import { deployMigrations } from "../lib/db/deploy.ts";

checkConfigOrExit();
const target = databaseTarget();
const applied = await deployMigrations(target);
console.log(
  applied.length
    ? `${describeTarget(target)}: applied ${applied.join(", ")}`
    : `${describeTarget(target)}: already up to date`,
);
