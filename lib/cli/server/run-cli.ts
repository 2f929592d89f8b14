import "server-only";
import { DatabaseInUseError } from "../../db/pglite-lock.ts";
import { AppError } from "../../errors/app-error.ts";
import { CliError, UsageError, type CliIo } from "./io.ts";
import { BACKUP_USAGE, INSTANCE_USAGE, LGPD_KEY_USAGE, TOKEN_USAGE, USER_USAGE } from "./usage.ts";

export const USAGE = `Usage: npm run -s cli -- <command> [options]      (or: npx tsx scripts/cli.ts <command> …)

${INSTANCE_USAGE}

${USER_USAGE}

${TOKEN_USAGE}

${LGPD_KEY_USAGE}

${BACKUP_USAGE}

Secrets (tokens, keys, generated passwords) are shown once, alone on the last line of stdout:
  TOKEN=$(npm run -s cli -- token create --instance default --name robot | tail -n 1)
The database is the one the server uses (DATABASE_URL, else the embedded one in PGLITE_DIR or data/pglite).
The embedded database allows one process at a time: stop the server before using the CLI on it.
Exit codes: 0 done, 1 failed (message on stderr), 2 wrong usage.`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// Loaded on demand: Prisma and the database code are only needed once a command really runs.
const COMMANDS: Record<string, () => Promise<Command>> = {
  instance: async () => (await import("./commands/instance.ts")).instanceCommand,
  user: async () => (await import("./commands/user.ts")).userCommand,
  token: async () => (await import("./commands/token.ts")).tokenCommand,
  "lgpd-key": async () => (await import("./commands/lgpd-key.ts")).lgpdKeyCommand,
  backup: async () => (await import("./commands/backup.ts")).backupCommand,
  restore: async () => (await import("./commands/backup.ts")).restoreCommand,
};

const TOPICS: Record<string, string> = {
  instance: INSTANCE_USAGE,
  user: USER_USAGE,
  token: TOKEN_USAGE,
  "lgpd-key": LGPD_KEY_USAGE,
  backup: BACKUP_USAGE,
  restore: BACKUP_USAGE,
};

/**
 * Runs one CLI command; returns the process exit code. Never throws. The database it opens (getDb) stays open: the
 * caller owns it — scripts/cli.ts closes it before the process exits; a test running commands in-process keeps its own.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    io.out((rest[0] && TOPICS[rest[0]]) || USAGE);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.err(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (error) {
    return reportError(error, io);
  }
}

/** Where the CLI's process writes: its stdout and stderr, or any stream with `write` (a test's buffers). */
export type CliStreams = { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } };

/** runCli writing each line to the given streams as the CLI process does: one line per write, newline-ended. */
export function runCliToStreams(argv: string[], streams: CliStreams): Promise<number> {
  return runCli(argv, {
    out: (line) => streams.stdout.write(`${line}\n`),
    err: (line) => streams.stderr.write(`${line}\n`),
  });
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`${error.message}\n\n${error.usage ?? USAGE}`);
    return 2;
  }
  // A use-case's refusal (an existing e-mail or slug, a token revoked meanwhile…): its message, exit 1.
  if (error instanceof CliError || error instanceof DatabaseInUseError || error instanceof AppError) {
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
