// First: the seeds in e2e/support call lib server files, marked `server-only` (scripts/support/allow-server-only.ts).
// Playwright loads this file before the spec files, in the runner and in each worker, so the hook is in place for them.
import "./scripts/support/allow-server-only.ts";
import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/support/find-chromium.ts";

// E2E_WORKERS workers (default 2), each with its own server on its own fresh database: a PGlite
// server has one database connection, so one server per worker; the journeys wait on polls and timers more than they
// use the CPU, so two of them share the machine's two cores well (docs/decisions/0055-playwright-suite.md).
// Worker i (TEST_PARALLEL_INDEX, set before a worker loads this file) talks to the server on E2E_PORT + 10·i, and
// the server's customer SMTP and webhook receiver ports (its port + 1, + 2) follow from the E2E_PORT it sees.
// A run naming a single spec file starts one server (Playwright never uses more workers than files).
const SPEC_FILES_NAMED = process.argv.filter((arg) => /\.spec\.ts(:\d+)*$/.test(arg)).length;
const WORKERS = Math.max(1, Math.min(Number(process.env.E2E_WORKERS) || 2, SPEC_FILES_NAMED === 1 ? 1 : Infinity));
process.env.E2E_FIRST_PORT ??= String(Number(process.env.E2E_PORT) || 3100);
const FIRST_PORT = Number(process.env.E2E_FIRST_PORT);
const portOf = (workerIndex: number) => FIRST_PORT + 10 * workerIndex;
const PORT = portOf(Number(process.env.TEST_PARALLEL_INDEX) || 0);
if (process.env.TEST_PARALLEL_INDEX) process.env.E2E_PORT = String(PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// Chromium from CHROMIUM_PATH, Debian, or the @sparticuz/chromium package (never `npx playwright install`; see
// scripts/support/find-chromium.ts), against the built app on its own fresh database: embedded PGlite, or a new
// database on the PostgreSQL server E2E_DATABASE_URL names (scripts/e2e-server.ts).
const chromium = await findChromium();
if (!process.env.TEST_WORKER_INDEX) console.log(`Chromium: ${chromium.source} (${chromium.executablePath})`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Files go to whichever worker is free; the tests of one file run in order on one worker (and so on one server).
  fullyParallel: false,
  workers: WORKERS,
  timeout: 60_000,
  // The retry exists for its trace only: a test that needed it still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    viewport: { width: 1280, height: 800 },
    // A failed test runs once more, traced, with the DOM snapshot of every step (without the screencast filmstrip:
    // Chromium encoding a JPEG frame of every paint was CPU every run paid). Recording a trace for every test and
    // throwing it away when it passed cost every passing test its snapshots (docs/decisions/0055-playwright-suite.md);
    // the first attempt's failure keeps its screenshot and error context, and failOnFlakyTests below keeps a test
    // that passes only on its second attempt a failure of the run.
    trace: { mode: "on-first-retry", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium.executablePath,
      args: [
        ...chromium.extraArgs,
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // One form sign-in per role and server; the specs start from the stored sessions (e2e/support/fixtures.ts signIn).
  projects: [{ name: "e2e" }],
  // One command serves every worker's server (scripts/e2e-server.ts): it seeds one database, copies it for the other
  // servers and starts them side by side (Playwright starts `webServer` entries one after another), then prints the
  // line waited for here once every server answers.
  webServer: {
    command: `npx tsx scripts/e2e-server.ts ${Array.from({ length: WORKERS }, (_, workerIndex) => portOf(workerIndex)).join(" ")}`,
    wait: { stdout: /E2E_SERVERS_READY/ },
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM lets scripts/e2e-server.ts stop its servers and drop their PostgreSQL databases (E2E_DATABASE_URL).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  },
});
