import "server-only";
// What the instance's single sign-on settings (lib/sso) change for the other ways in: the password sign-in and the
// second factor. Read here, in the auth layer, so those need not import the single sign-on's folder.
import { getDb, type Db } from "../../db/client.ts";

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

/**
 * Whether the instance's directory does multi-factor authentication itself (its admin says so in the single sign-on
 * settings): a session its single sign-on opened (`sso: true` in the session token) then needs no second factor here.
 */
export async function directoryEnforcesMfa(instanceId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db.ssoSettings.findUnique({
    where: { instanceId },
    select: { enabled: true, directoryEnforcesMfa: true },
  });
  return Boolean(row?.enabled && row.directoryEnforcesMfa);
}
