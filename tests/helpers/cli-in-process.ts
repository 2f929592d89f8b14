import { runCliToStreams } from "@/lib/cli/server/run-cli.ts";
import { scriptResult, type ScriptResult } from "./run-script.ts";

/**
 * Runs one CLI command in this test process, on this process's database (the one getDb opens: the test's own copy),
 * writing to buffers the way scripts/cli.ts writes to stdout and stderr; answers what runScript answers for the CLI
 * process. The command leaves the database open (the test owns it). For what a command does and prints; the process
 * itself (exit status, the real stdout, the PGlite lock between processes) is tested with runScript.
 */
export function cliInProcess(...args: string[]): Promise<ScriptResult> {
  return cliInProcessWith({}, args);
}

/**
 * cliInProcess with some environment variables set for the command's duration (runScript's `env`), e.g. PGLITE_DIR
 * for a restore into another folder: the command reads them as the process would, and they are put back after.
 */
export async function cliInProcessWith(env: Record<string, string>, args: string[]): Promise<ScriptResult> {
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await run(args);
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

async function run(args: string[]): Promise<ScriptResult> {
  let stdout = "";
  let stderr = "";
  const code = await runCliToStreams(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return scriptResult(code, stdout, stderr);
}
