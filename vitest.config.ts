import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Tests in three layers, told apart by name (a new file joins its layer by being named so):
// - unit `*.test.ts`: pure code, no database, no build;
// - db `*.db.test.ts`: use-cases and scripts on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), no Next;
// - http `*.http.test.ts`: the built app (`next build` first) over real HTTP.
// `vitest run --project unit` (or db, http) runs one layer; npm test runs them in that order (scripts/test-all.ts).
const DB_FILES = ["lib/**/*.db.test.ts", "tests/**/*.db.test.ts"];
const HTTP_FILES = ["lib/**/*.http.test.ts", "tests/**/*.http.test.ts"];
// Migrates one template database per run; each db or http file clones it (tests/helpers/test-database.ts).
const TEMPLATE_DATABASE = "tests/helpers/template-database.setup.ts";
// Compiles the scripts tests start as processes (the CLI, the workers) once per run (tests/helpers/run-script.ts).
const CLI_BUNDLE = "tests/helpers/cli-bundle.setup.ts";
// Before each db or http file (each project's files share their worker's process): process.env as the worker
// started, lib's caches emptied, and a failure when the file before left its database or a job loop open.
const SHARED_PROCESS_SETUP = "tests/helpers/shared-worker.setup.ts";
// Next runs instrumentation.ts's register() once per process (its first server), so a file whose subject is what
// register() starts (the LGPD loop with LGPD_WORKER on) runs in a fresh process, as every http file did before.
const HTTP_OWN_PROCESS = ["tests/lgpd-worker-loop.http.test.ts"];
// The migration tests run Prisma's schema engine (WebAssembly, one instance per process: lib/db/migrate.ts) several
// times; the app runs it once per process. In a worker shared with other files, a run once failed at its start (the
// engine threw from a callback with an empty message and never connected; CI and a quiet rehearsal, 1 run in ~10, never
// alone): these files get a process each, as the app gives its one migration.
const DB_OWN_PROCESS = ["tests/migrate-statement-timeout.db.test.ts", "tests/audit-migration.db.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` guards bundles against client imports; tests run on the server side anyway.
      "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
    },
  },
  test: {
    pool: "forks",
    // Each http file starts its own Next server on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // LGPD_WORKER off: tests drive the deletion processor themselves (tests/lgpd-worker-loop.http.test.ts turns it on).
    // DOCFLOW_CHECK_ANSWERS: every answer an apiRoute gives is checked against its contract (lib/http/answer-check.ts).
    env: { LOG_LEVEL: "error", NEXT_TELEMETRY_DISABLED: "1", LGPD_WORKER: "off", DOCFLOW_CHECK_ANSWERS: "1" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Kit components' tests (`components/**/*.test.tsx`) run here too, each in a DOM: their first line is
          // `// @vitest-environment happy-dom` (Testing Library; no database, no build).
          include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "components/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, ...DB_FILES, ...HTTP_FILES],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: DB_FILES,
          exclude: [...configDefaults.exclude, ...DB_OWN_PROCESS],
          globalSetup: [TEMPLATE_DATABASE, CLI_BUNDLE],
          // One process per worker runs its files one after another (PGlite's and Prisma's WebAssembly compile once per
          // worker); each file still clones its own database, and SHARED_PROCESS_SETUP puts back the environment and empties
          // lib's caches before every file, and fails a file when the one before left its database or a loop open.
          isolate: false,
          setupFiles: [SHARED_PROCESS_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: HTTP_FILES,
          exclude: [...configDefaults.exclude, ...HTTP_OWN_PROCESS],
          globalSetup: [TEMPLATE_DATABASE, CLI_BUNDLE],
          // One process per worker runs its files one after another through one Next server (Next's server code,
          // Prisma and PGlite load once per worker, not per file); each file still gets its own database, the app's
          // in-memory caches are emptied when a file's app starts and closes (tests/helpers/test-app.ts), and
          // SHARED_PROCESS_SETUP restores process.env. docs/decisions/0052-tests-in-layers.md (the shared processes).
          isolate: false,
          setupFiles: [SHARED_PROCESS_SETUP],
        },
      },
      // The db files that need a process of their own (DB_OWN_PROCESS); `--project "db*"` runs both.
      {
        extends: true,
        test: { name: "db-alone", include: DB_OWN_PROCESS, globalSetup: [TEMPLATE_DATABASE, CLI_BUNDLE] },
      },
      // The http files that need a process of their own (HTTP_OWN_PROCESS); `--project "http*"` runs both.
      {
        extends: true,
        test: { name: "http-alone", include: HTTP_OWN_PROCESS, globalSetup: [TEMPLATE_DATABASE, CLI_BUNDLE] },
      },
    ],
  },
});
