import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/support/find-chromium.ts";

const PORT = Number(process.env.E2E_PORT) || 3100;
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// Chromium from CHROMIUM_PATH, Debian, or the @sparticuz/chromium package (never `npx playwright install`; see
// scripts/support/find-chromium.ts), against the built app on its own fresh database: embedded PGlite, or a new
// database on the PostgreSQL server E2E_DATABASE_URL names (scripts/e2e-server.ts).
const chromium = await findChromium();
if (!process.env.TEST_WORKER_INDEX) console.log(`Chromium: ${chromium.source} (${chromium.executablePath})`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
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
  projects: [
    // One form sign-in per role and run; the specs start from the stored sessions (e2e/support/fixtures.ts signIn).
    { name: "setup", testMatch: /auth\.setup\.ts$/ },
    { name: "e2e", dependencies: ["setup"] },
  ],
  webServer: {
    command: `npx tsx scripts/e2e-server.ts ${PORT}`,
    url: `${E2E_BASE_URL}/signin`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM lets scripts/e2e-server.ts drop its PostgreSQL database (E2E_DATABASE_URL) on the way out.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
