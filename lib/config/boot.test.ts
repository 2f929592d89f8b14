// The entry points refuse an invalid environment before doing anything: one line per variable, exit 1, no stack.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

function run(script: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", tsx, path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PGLITE_DIR: path.join(ROOT, "data/never-opened-by-the-boot-test") },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe("validation at boot", () => {
  it("npm start names every invalid variable and stops before building or opening the database", () => {
    const result = run("scripts/start.ts", { PORT: "http", LGPD_BATCH_SIZE: "9999", SMTP_URL: "mail.example.com" });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      [
        "[start] Invalid environment:",
        '  PORT must be a number (got "http")',
        '  LGPD_BATCH_SIZE must be at most 500 (got "9999")',
        "  SMTP_URL must start with smtp:// or smtps://",
        "",
      ].join("\n"),
    );
    expect(result.stdout).toBe("");
  });

  it("the worker and the CLI refuse too", () => {
    const worker = run("scripts/worker.ts", { OUTBOX_CONCURRENCY: "0" });
    expect(worker.status).toBe(1);
    expect(worker.stderr).toBe('[worker] Invalid environment:\n  OUTBOX_CONCURRENCY must be at least 1 (got "0")\n');
    const cli = run("scripts/cli.ts", { LGPD_WORKER: "sometimes" });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toBe(
      'Invalid environment:\n  LGPD_WORKER must be 1/0, true/false, on/off or yes/no (got "sometimes")\n',
    );
  });
});
