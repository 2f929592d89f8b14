import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../../config/index.ts";

// NEXTAUTH_SECRET signs sessions and keys the LGPD hashes. `npm start` takes it from the environment or, on a
// first run, generates it once into data/secret (mode 0600) and reuses it from then on — so restarts keep
// sessions and LGPD status lookups working. Processes that do not get it in their environment (the worker, the
// CLI, `next start` run by hand) read the same file through appSecret().

function secretFilePath(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), "data", "secret");
}

/** The secret stored in data/secret, or null when there is none. */
export function readSecretFile(file = secretFilePath()): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const secret = text.trim();
  if (!secret) throw new Error(`${file} is empty: delete it to generate a new secret, or set NEXTAUTH_SECRET`);
  return secret;
}

type AppSecret = { secret: string; source: "env" | "file" | "generated"; file?: string };

/** NEXTAUTH_SECRET from the environment, else data/secret, else a new one written there (once, mode 0600). */
export function ensureAppSecret(env: NodeJS.ProcessEnv = process.env, file = secretFilePath()): AppSecret {
  const fromEnv = config("NEXTAUTH_SECRET", env);
  if (fromEnv) return { secret: fromEnv, source: "env" };
  const existing = readSecretFile(file);
  if (existing) {
    // Someone may have copied it with a permissive umask; it must stay readable by its owner only.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return { secret: existing, source: "file", file };
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": if two processes start at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: readSecretFile(file)!, source: "file", file };
  }
  chmodSync(file, 0o600);
  return { secret, source: "generated", file };
}
