// Just-in-time accounts from the directory's answer. The directory is the source of a single sign-on account's role:
// every sign-in recomputes it from the groups claim (the highest mapped role wins). A person whose groups map to no
// role has no access: a known account is disabled (its sessions end) and the sign-in refused. The directory never
// re-enables an account — an admin does — so an account an admin disabled stays disabled whatever the groups say.
// The break-glass admin (lib/auth/server/sso-policy.ts) may sign in through the directory but keeps its role.
import "server-only";
import type { Role } from "../../auth/roles.ts";
import { systemActor } from "../../auth/actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { breakGlassUserId } from "../../auth/server/sso-policy.ts";
import { SsoFailure } from "./sso-failure.ts";
import type { SsoSettings } from "./sso-settings-rows.ts";

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };
/** Stored as the password hash of accounts the directory created: no password matches it (passwords.ts). */
export const NO_PASSWORD = "sso-only";
const NAME_MAX = 200;

export type DirectoryPerson = { subject: string; email: string; name: string; groups: string[] };

/** The role the person's groups give under the instance's mapping, or null for none. */
export function mappedRole(settings: Pick<SsoSettings, "groupRoles">, groups: string[]): Role | null {
  let best: Role | null = null;
  for (const { group, role } of settings.groupRoles) {
    if (groups.includes(group) && (best === null || RANK[role] > RANK[best])) best = role;
  }
  return best;
}

/** The groups claim as a list of names (a directory may send one name as a string). */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * The account the person signs in as (created, updated or refused), inside one transaction with its audit rows. The
 * sign-in's own row (`user.sso_sign_in`) follows in finish-sso-sign-in.ts, once the second factor's gate has spoken.
 */
export async function provisionSsoUser(
  settings: SsoSettings,
  person: DirectoryPerson,
  now = new Date(),
): Promise<{ id: number; email: string; name: string }> {
  const { instanceId } = settings;
  const actor = systemActor("sign_in", instanceId, person.email);
  const audit = (tx: Tx, userId: number, { action, ...details }: { action: string } & Record<string, unknown>) =>
    recordAudit(tx, actor, { action, entity: "user", entityId: userId, details: { email: person.email, ...details } });
  const role = mappedRole(settings, person.groups);
  const name = (person.name || person.email).slice(0, NAME_MAX);

  const outcome = await inTransaction(async (tx) => {
    const bySubject = await tx.user.findUnique({
      where: { instanceId_ssoSubject: { instanceId, ssoSubject: person.subject } },
    });
    const user = bySubject ?? (await tx.user.findUnique({ where: { email: person.email } }));
    // An address of another instance, or an account already tied to another person of the directory: not this one.
    if (user && (user.instanceId !== instanceId || (user.ssoSubject && user.ssoSubject !== person.subject))) {
      return { refused: new SsoFailure("SsoNoAccess", "account_mismatch") };
    }
    if (!user) {
      if (!role) return { refused: new SsoFailure("SsoNoAccess", "no_mapped_group") };
      const created = await tx.user.create({
        data: {
          instanceId,
          email: person.email,
          name,
          role,
          passwordHash: NO_PASSWORD,
          ssoSubject: person.subject,
          lastSignInAt: now,
        },
      });
      await audit(tx, created.id, { action: "user.sso_provision", role });
      return { user: created };
    }
    if (user.integration) {
      await audit(tx, user.id, { action: "user.sso_sign_in_failed", reason: "integration" });
      return { refused: new SsoFailure("SsoNoAccess", "integration") };
    }
    if (user.disabled) {
      await audit(tx, user.id, { action: "user.sso_sign_in_failed", reason: "disabled" });
      return { refused: new SsoFailure("SsoDisabled", "disabled") };
    }
    const breakGlass = (await breakGlassUserId(tx, instanceId)) === user.id;
    if (!role && !breakGlass) {
      await tx.user.update({ where: { id: user.id }, data: { disabled: true, sessionsValidFrom: now } });
      await audit(tx, user.id, { action: "user.sso_disable", reason: "no_mapped_group" });
      return { refused: new SsoFailure("SsoDisabled", "no_mapped_group") };
    }
    const newRole = breakGlass ? user.role : role!;
    if (newRole !== user.role)
      await audit(tx, user.id, { action: "user.sso_role_change", before: user.role, after: newRole });
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { role: newRole, name, ssoSubject: person.subject, lastSignInAt: now },
    });
    return { user: updated };
  });
  // The refusals' audit rows commit with the transaction; the refusal itself is thrown after it.
  if ("refused" in outcome) throw outcome.refused;
  return { id: outcome.user.id, email: outcome.user.email, name: outcome.user.name };
}
