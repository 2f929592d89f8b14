import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readSecretFile } from "../../ops/server/app-secret.ts";
import { config } from "../../config/index.ts";

/** A random secret with a recognisable prefix, e.g. `dft_…` for document tokens. */
export function generateSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString("base64url")}`;
}

/** Secrets are high-entropy random strings, so a plain SHA-256 is enough to store them (no KDF needed). */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** Keyed hash for personal identifiers we must find again but never store readable (LGPD request CPFs). */
export function keyedHash(value: string): string {
  return createHmac("sha256", appSecret()).update(value, "utf8").digest("hex");
}

// The secret `npm start` keeps in data/secret, for processes started without NEXTAUTH_SECRET (worker, CLI, next start).
let fileSecret: string | undefined;

/** NEXTAUTH_SECRET signs sessions and keys the identifier hashes; a fixed development value is refused in production. */
export function appSecret(): string {
  const secret = config("NEXTAUTH_SECRET") ?? config("APP_SECRET") ?? (fileSecret ??= readSecretFile() ?? "");
  if (secret) return secret;
  if (config("NODE_ENV") === "production" && !config("ALLOW_DEV_SECRET")) {
    throw new Error("NEXTAUTH_SECRET must be set in production (npm start generates one in data/secret)");
  }
  return "development-only-secret-change-me";
}
