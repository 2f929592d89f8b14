import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { forgetCachedTokensOfUser } from "../../auth/server/api-tokens.ts";
import { generatePassword, hashPassword } from "../../auth/server/passwords.ts";
import type { User } from "../../db/client.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { changedFields } from "../../audit/entries.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { conflictOnViolation } from "../db-errors.ts";
import type { CreateUserInput, UpdateUserInput } from "../schemas.ts";

// Staff users of the instance: create (password typed or generated, shown once), role, disable/enable, reset.
// Passwords and hashes never leave this module except a generated password in the one answer that creates it.

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function serializeUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabled,
    created_at: iso(user.createdAt),
    last_sign_in_at: iso(user.lastSignInAt),
  };
}

export async function listUsers(instanceId: number) {
  const db = await getDb();
  const users = await db.user.findMany({ where: { instanceId }, orderBy: [{ disabled: "asc" }, { email: "asc" }] });
  return users.map(serializeUser);
}

async function userOf(tx: Tx, instanceId: number, id: number) {
  const user = await tx.user.findFirst({ where: { id, instanceId } });
  if (!user) throw notFound("User not found");
  return user;
}

/** Short-lived document-API tokens of the user (POST /api/auth/token) stop working with the session. */
async function revokeSessionTokens(tx: Tx, userId: number, now: Date) {
  await tx.apiToken.updateMany({ where: { userId, kind: "session", revokedAt: null }, data: { revokedAt: now } });
  forgetCachedTokensOfUser(userId);
}

export async function createUser(actor: Actor, input: CreateUserInput) {
  const instanceId = actor.instanceId;
  const password = input.password ?? generatePassword();
  // scrypt takes a while: hash before the transaction so the (single PGlite) connection is not held meanwhile.
  const passwordHash = await hashPassword(password);
  const user = await conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        // E-mails are unique across instances: they are the sign-in name.
        if (await tx.user.findUnique({ where: { email: input.email } })) {
          throw conflict("A user with this e-mail already exists", { code: "user_exists" });
        }
        const created = await tx.user.create({
          data: { instanceId, email: input.email, name: input.name, role: input.role, passwordHash },
        });
        await recordAudit(tx, actor, {
          action: "user.create",
          entity: "user",
          entityId: created.id,
          details: {
            email: created.email,
            name: created.name,
            role: created.role,
            password: input.password ? "set" : "generated",
          },
        });
        return created;
      }),
    { unique: { message: "A user with this e-mail already exists", code: "user_exists" } },
  );
  return { ...serializeUser(user), ...(input.password ? {} : { generated_password: password }) };
}

/** The instance must keep at least one enabled admin. */
async function assertAnotherAdmin(tx: Tx, instanceId: number, exceptId: number) {
  const admins = await tx.user.count({ where: { instanceId, role: "admin", disabled: false, id: { not: exceptId } } });
  if (admins === 0) throw conflict("The instance must keep at least one enabled admin", { code: "last_admin" });
}

export async function updateUser(actor: Actor, id: number, input: UpdateUserInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const user = await userOf(tx, instanceId, id);
    const self = actor.userId === id;
    const demoted = input.role !== undefined && input.role !== "admin" && user.role === "admin";
    const disabling = input.disabled === true && !user.disabled;
    if (self && input.role !== undefined && input.role !== user.role) {
      throw conflict("You cannot change your own role", { code: "self_role" });
    }
    if (self && disabling) throw conflict("You cannot disable your own account", { code: "self_disable" });
    if (user.role === "admin" && !user.disabled && (demoted || disabling)) await assertAnotherAdmin(tx, instanceId, id);

    const now = new Date();
    const updated = await tx.user.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
        // Disabling ends every session at once (sessions issued before this moment are refused).
        ...(disabling ? { sessionsValidFrom: now } : {}),
      },
    });
    // Session tokens carry the role they were issued with: a role change or disable ends them.
    if (disabling || (input.role !== undefined && input.role !== user.role)) await revokeSessionTokens(tx, id, now);
    const changes = changedFields(serializeUser(user), serializeUser(updated));
    if (Object.keys(changes).length) {
      const action = disabling
        ? "user.disable"
        : input.disabled === false && user.disabled
          ? "user.enable"
          : "user.update";
      await recordAudit(tx, actor, { action, entity: "user", entityId: id, details: { email: user.email, changes } });
    }
    return serializeUser(updated);
  });
}

/**
 * A new password — the one given (the CLI's --password) or a generated one, answered once; the user's sessions and
 * session tokens end.
 */
export async function resetUserPassword(actor: Actor, id: number, given?: string) {
  const instanceId = actor.instanceId;
  const password = given ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await inTransaction(async (tx) => {
    const user = await userOf(tx, instanceId, id);
    const now = new Date();
    const updated = await tx.user.update({ where: { id }, data: { passwordHash, sessionsValidFrom: now } });
    await revokeSessionTokens(tx, id, now);
    await recordAudit(tx, actor, {
      action: "user.reset_password",
      entity: "user",
      entityId: id,
      details: { email: user.email, password: given ? "set" : "generated" },
    });
    return updated;
  });
  return { ...serializeUser(user), ...(given ? {} : { generated_password: password }) };
}
