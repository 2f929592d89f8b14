// Measuring aid (not used by npm test): the Playwright config plus a reporter that writes each spec file's CPU seconds
// of the whole process tree (runner, web servers, Chromium) to CPU_REPORT (default test-results/e2e-cpu.txt).
// `CPU_REPORT=/tmp/e2e-cpu.txt E2E_WORKERS=1 npx playwright test --config playwright.measure.config.ts e2e/<specs>`
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

export default defineConfig(base, {
  reporter: [
    ["list"],
    ["./e2e/support/cpu-reporter.ts"],
    ["./e2e/support/step-reporter.ts"],
    ["json", { outputFile: process.env.JSON_REPORT ?? "test-results/e2e.json" }],
  ],
});
