import { spawn } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export type ScriptResult = { code: number | null; stdout: string; stderr: string; lastLine: string };

/** Runs `tsx <script> …args` from the project folder (what `npx tsx scripts/…` does) and collects its output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = stdout.trimEnd().split("\n");
      resolve({ code, stdout, stderr, lastLine: lines[lines.length - 1] ?? "" });
    });
  });
}
