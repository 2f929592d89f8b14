import { spawn } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export type ScriptResult = { code: number | null; stdout: string; stderr: string; lastLine: string };

/**
 * Runs `tsx <script> …args` from the project folder (what `npx tsx scripts/…` does) and collects its output. The CLI
 * (scripts/cli.ts) runs as `node <the run's compiled CLI>` when the layer compiled it (tests/helpers/cli-bundle.setup.ts):
 * the same code in a process of its own, without compiling it again for every command.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<ScriptResult> {
  const cliBundle = script === "scripts/cli.ts" ? inject("cliBundle") : undefined;
  const [command, commandArgs] = cliBundle ? [process.execPath, [cliBundle, ...args]] : [TSX, [script, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve(scriptResult(code, stdout, stderr)));
  });
}

/** A finished command's answer; `lastLine` is stdout's last line (where the CLI puts a secret it creates). */
export function scriptResult(code: number | null, stdout: string, stderr: string): ScriptResult {
  const lines = stdout.trimEnd().split("\n");
  return { code, stdout, stderr, lastLine: lines[lines.length - 1] ?? "" };
}
