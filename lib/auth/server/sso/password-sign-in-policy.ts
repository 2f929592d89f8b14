import "server-only";
import type { Db } from "../../../db/client.ts";

/**
 * Whether an instance that switched password sign-in off refuses this account's password. Never refused: integration
 * accounts (machines have no directory login), and the break-glass account — the instance's first admin with a
 * password, the oldest one — so a directory outage or a wrong setting cannot lock every admin out (docs/sso.md).
 */
export async function passwordSignInRefused(
  db: Db,
  user: { id: number; instanceId: number; integration: boolean },
): Promise<boolean> {
  if (user.integration) return false;
  const settings = await db.ssoSettings.findUnique({
    where: { instanceId: user.instanceId },
    select: { enabled: true, passwordSignInDisabled: true },
  });
  if (!settings?.enabled || !settings.passwordSignInDisabled) return false;
  return (await breakGlassUserId(db, user.instanceId)) !== user.id;
}

/** The break-glass account: the instance's oldest enabled admin with a password (single sign-on creates none). */
export async function breakGlassUserId(db: Pick<Db, "user">, instanceId: number): Promise<number | null> {
  const first = await db.user.findFirst({
    where: { instanceId, role: "admin", disabled: false, passwordHash: { startsWith: "scrypt$" } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  return first?.id ?? null;
}
