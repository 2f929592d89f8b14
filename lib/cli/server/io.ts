import "server-only";
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Where a command writes: `out` is stdout (a created secret is always its last line), `err` is stderr. */
export type CliIo = { out: (line: string) => void; err: (line: string) => void };

/** Wrong invocation: the message and the command's usage go to stderr, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** A failure the operator can fix (unknown instance, duplicate e-mail…): the message alone, exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

export type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs in strict mode, with its errors turned into UsageError. */
export function parseCommandArgs<T extends Options>(args: string[], options: T, usage: string, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: positionals > 0,
    });
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`Unexpected argument: ${parsed.positionals[positionals]}`, usage);
  }
  return parsed;
}

export function required(value: string | undefined, flag: string, usage: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new UsageError(`Missing ${flag}`, usage);
  return trimmed;
}

/** Left-aligned columns for lists. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd(),
  );
}
