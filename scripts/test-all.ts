// npm test: builds the app, runs the vitest suites on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is
// set), then the Playwright end-to-end suite (browser: scripts/support/find-chromium.ts). Stops at the first failure.
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

const POSTGRES_E2E_SPECS = ["e2e/documents-list.spec.ts", "e2e/document-page.spec.ts", "e2e/masking.spec.ts"];

const only = process.argv[2];
if (!only || only === "static") {
  run("typecheck", "npx", ["tsc", "--noEmit"]);
  run("lint", "npx", ["eslint", "."]);
}
run("build", "npx", ["next", "build"]);
if (!only || only === "unit") {
  const { TEST_DATABASE_URL } = env;
  run("vitest on PGlite", "npx", ["vitest", "run"], { TEST_DATABASE_URL: "" });
  if (TEST_DATABASE_URL) run("vitest on PostgreSQL", "npx", ["vitest", "run"], { TEST_DATABASE_URL });
  else console.log("(PostgreSQL pass skipped: set TEST_DATABASE_URL=postgresql://… to run it too)");
}
if ((!only || only === "e2e") && !process.env.SKIP_E2E) {
  run("playwright on PGlite", "npx", ["playwright", "test"], { E2E_DATABASE_URL: "" });
  if (env.TEST_DATABASE_URL) {
    // The journeys that write and search the most; E2E_POSTGRES_ALL=1 runs every spec (15-minute budget of npm test).
    const specs = env.E2E_POSTGRES_ALL ? [] : POSTGRES_E2E_SPECS;
    run("playwright on PostgreSQL", "npx", ["playwright", "test", ...specs], {
      E2E_DATABASE_URL: env.TEST_DATABASE_URL,
    });
  }
}
