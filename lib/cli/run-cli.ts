import { DatabaseInUseError } from "../db/pglite-lock.ts";
import { INSTANCE_USAGE, instanceCommand } from "./commands/instance.ts";
import { LGPD_KEY_USAGE, lgpdKeyCommand } from "./commands/lgpd-key.ts";
import { TOKEN_USAGE, tokenCommand } from "./commands/token.ts";
import { USER_USAGE, userCommand } from "./commands/user.ts";
import { CliError, UsageError, type CliIo } from "./io.ts";

export const USAGE = `Usage: npm run -s cli -- <command> [options]      (or: npx tsx scripts/cli.ts <command> …)

${INSTANCE_USAGE}

${USER_USAGE}

${TOKEN_USAGE}

${LGPD_KEY_USAGE}

Secrets (tokens, keys, generated passwords) are shown once, alone on the last line of stdout:
  TOKEN=$(npm run -s cli -- token create --instance default --name robot | tail -n 1)
The database is the one the server uses (DATABASE_URL, else the embedded one in PGLITE_DIR or data/pglite).
The embedded database allows one process at a time: stop the server before using the CLI on it.
Exit codes: 0 done, 1 failed (message on stderr), 2 wrong usage.`;

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  instance: instanceCommand,
  user: userCommand,
  token: tokenCommand,
  "lgpd-key": lgpdKeyCommand,
};

/** Runs one CLI command; returns the process exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    const topic = rest[0] && COMMANDS[rest[0]];
    if (topic) return topic(["help"], io);
    io.out(USAGE);
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.err(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (error) {
    return reportError(error, io);
  }
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`${error.message}\n\n${error.usage ?? USAGE}`);
    return 2;
  }
  if (error instanceof CliError || error instanceof DatabaseInUseError) {
    io.err(error.message);
    return 1;
  }
  const code = (error as { code?: unknown }).code;
  if (code === "P2021" || code === "P2022") {
    io.err("The database has not been set up yet: run npm start (or npm run db:migrate) once first.");
    return 1;
  }
  io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}
