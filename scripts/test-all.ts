// npm test: typecheck and lint, then the vitest layers (vitest.config.ts) — unit, db on PGlite (and again on
// PostgreSQL when TEST_DATABASE_URL is set), the build, http on each database — then the Playwright suite (browser:
// scripts/support/find-chromium.ts). Stops at the first failure. `npm test -- <stage> …` runs only those stages
// (static, unit, db, http, e2e); only http and e2e build the app first.
import { spawnSync } from "node:child_process";

const env: Record<string, string | undefined> = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(title: string, command: string, args: string[], extraEnv: Record<string, string | undefined> = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } as NodeJS.ProcessEnv });
  console.log(
    `=== ${title}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const STAGES = ["static", "unit", "db", "http", "e2e"] as const;
type Stage = (typeof STAGES)[number];
const asked = process.argv.slice(2);
const unknown = asked.filter((stage) => !(STAGES as readonly string[]).includes(stage));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}: choose among ${STAGES.join(", ")}`);
  process.exit(2);
}
const wanted = (stage: Stage) => asked.length === 0 || asked.includes(stage);
const { TEST_DATABASE_URL } = env;

/** One vitest layer on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set. */
function vitestLayer(layer: "db" | "http") {
  run(`vitest ${layer} on PGlite`, "npx", ["vitest", "run", "--project", layer], { TEST_DATABASE_URL: "" });
  if (TEST_DATABASE_URL) {
    run(`vitest ${layer} on PostgreSQL`, "npx", ["vitest", "run", "--project", layer], { TEST_DATABASE_URL });
  } else console.log(`(PostgreSQL pass of ${layer} skipped: set TEST_DATABASE_URL=postgresql://… to run it too)`);
}

// On PostgreSQL, the journeys whose SQL differs from PGlite's in ways only a browser run shows end to end (why these:
// docs/decisions.md, "Tests in layers"); E2E_POSTGRES_ALL=1 runs every spec.
const POSTGRES_E2E_SPECS = [
  "e2e/documents-list.spec.ts", // search (trigram indexes), filters, counts, paging
  "e2e/document-page.spec.ts", // writes: row locks, history, steps, SLA
  "e2e/masking.spec.ts", // reveal with its audit row, masking per role
  "e2e/dashboard-csv.spec.ts", // aggregate counts, streamed CSV export, all-or-nothing import transaction
  "e2e/lgpd-journey.spec.ts", // the erasure: worker claim (SKIP LOCKED), masking, receipt
  "e2e/customer-webhooks.spec.ts", // the outbox: claim, retry after the receiver was down
];

if (wanted("static")) {
  run("typecheck", "npx", ["tsc", "--noEmit"]);
  run("lint", "npx", ["eslint", "."]);
}
if (wanted("unit")) run("vitest unit", "npx", ["vitest", "run", "--project", "unit"]);
if (wanted("db")) vitestLayer("db");
const e2e = wanted("e2e") && !process.env.SKIP_E2E;
if (wanted("http") || e2e) run("build", "npx", ["next", "build"]);
if (wanted("http")) vitestLayer("http");
if (e2e) {
  run("playwright on PGlite", "npx", ["playwright", "test"], { E2E_DATABASE_URL: "" });
  if (TEST_DATABASE_URL) {
    const specs = env.E2E_POSTGRES_ALL ? [] : POSTGRES_E2E_SPECS;
    run("playwright on PostgreSQL", "npx", ["playwright", "test", ...specs], { E2E_DATABASE_URL: TEST_DATABASE_URL });
  }
}
