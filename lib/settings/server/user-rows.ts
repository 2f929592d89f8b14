import "server-only";
// The rows the user use-cases share (lib/settings/server/*-user.ts, list-users.ts, reset-user-password.ts).
// Passwords and hashes never leave these files except a generated password in the one answer that creates it.
import { forgetCachedTokensOfUser } from "../../auth/server/api-tokens.ts";
import type { User } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function serializeUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabled,
    integration: user.integration,
    created_at: iso(user.createdAt),
    last_sign_in_at: iso(user.lastSignInAt),
  };
}

export async function userOf(tx: Tx, instanceId: number, id: number) {
  const user = await tx.user.findFirst({ where: { id, instanceId } });
  if (!user) throw notFound("User not found");
  return user;
}

/** Short-lived document-API tokens of the user (POST /api/auth/token) stop working with the session. */
export async function revokeSessionTokens(tx: Tx, userId: number, now: Date) {
  await tx.apiToken.updateMany({ where: { userId, kind: "session", revokedAt: null }, data: { revokedAt: now } });
  forgetCachedTokensOfUser(userId);
}

/** The instance must keep at least one enabled admin. */
export async function assertAnotherAdmin(tx: Tx, instanceId: number, exceptId: number) {
  const admins = await tx.user.count({
    where: { instanceId, role: "admin", disabled: false, integration: false, id: { not: exceptId } },
  });
  if (admins === 0) throw conflict("The instance must keep at least one enabled admin", { code: "last_admin" });
}
