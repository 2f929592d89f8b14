import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` guards bundles against client imports; tests run on the server side anyway.
      "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    pool: "forks",
    // Each file starts its own Next server on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // LGPD_WORKER off: tests drive the deletion processor themselves (tests/lgpd-worker-loop.test.ts turns it on).
    // DOCFLOW_CHECK_ANSWERS: every answer an apiRoute gives is checked against its contract (lib/http/answer-check.ts).
    env: { LOG_LEVEL: "error", NEXT_TELEMETRY_DISABLED: "1", LGPD_WORKER: "off", DOCFLOW_CHECK_ANSWERS: "1" },
  },
});
