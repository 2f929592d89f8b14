import { spawn } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export type ScriptResult = { code: number | null; stdout: string; stderr: string; lastLine: string };

/**
 * The command that runs `<script> …args` from the project folder as its own Node process: `node <the run's compiled
 * script>` when the layer compiled it (tests/helpers/cli-bundle.setup.ts: the CLI, the worker, the hanging worker),
 * else `node --import tsx <script>`. The same code either way, without compiling it again for every process. The
 * process started is the script's own Node process (so a signal sent to it reaches the script).
 */
export function scriptCommand(script: string, args: string[]): [command: string, args: string[]] {
  const bundle = inject("scriptBundles")?.[script];
  return [process.execPath, bundle ? [bundle, ...args] : ["--import", "tsx", script, ...args]];
}

/**
 * Runs `<script> …args` from the project folder and collects its output: the compiled script as scriptCommand runs
 * it, else `tsx <script> …args` (what `npx tsx scripts/…` does).
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<ScriptResult> {
  const [command, commandArgs] = inject("scriptBundles")?.[script]
    ? scriptCommand(script, args)
    : [TSX, [script, ...args]];
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
