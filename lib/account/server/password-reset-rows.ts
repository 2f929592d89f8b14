import "server-only";
import { randomBytes } from "node:crypto";
import { hashSecret, secretMatches } from "../../auth/server/secrets.ts";
import type { Tx } from "../../db/transaction.ts";

/** How long an "Esqueci minha senha" link works. */
export const PASSWORD_RESET_MINUTES = 30;

/**
 * A new link's token: `<id>.<secret>`. The id finds the row (a lookup, not a comparison); the secret is checked
 * against its stored SHA-256 in constant time, so neither the index nor the comparison leaks how much of it matched.
 */
export function newResetToken() {
  const id = randomBytes(12).toString("base64url");
  const secret = randomBytes(24).toString("base64url");
  return { id, secretHash: hashSecret(secret), token: `${id}.${secret}` };
}

/** The unused, unexpired reset a token names (with its user), or null. */
export async function usableReset(tx: Tx, token: string, now: Date) {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 40) return null;
  const row = await tx.passwordReset.findUnique({ where: { id }, include: { user: true } });
  if (!row || !secretMatches(secret, row.secretHash)) return null;
  if (row.usedAt || row.expiresAt <= now || row.user.disabled) return null;
  return row;
}
