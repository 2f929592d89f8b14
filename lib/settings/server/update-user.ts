import "server-only";
import { changedFields } from "../../audit/entries.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { serializeUser, userOf, revokeSessionTokens, assertAnotherAdmin } from "./user-rows.ts";
import type { UpdateUserInput } from "../schemas.ts";

export async function updateUser(ctx: UseCaseContext, input: { id: number; changes: UpdateUserInput }) {
  const { actor } = ctx;
  const { id, changes: patch } = input;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const user = await userOf(tx, instanceId, id);
    const self = actor.userId === id;
    const demoted = patch.role !== undefined && patch.role !== "admin" && user.role === "admin";
    const disabling = patch.disabled === true && !user.disabled;
    // Marking or unmarking an integration changes what its sign-in tokens may read and whether it has browser
    // sessions: both end, like on a disable.
    const integrationChange = patch.integration !== undefined && patch.integration !== user.integration;
    if (self && patch.role !== undefined && patch.role !== user.role) {
      throw conflict("You cannot change your own role", { code: "self_role" });
    }
    if (self && disabling) throw conflict("You cannot disable your own account", { code: "self_disable" });
    const toIntegration = patch.integration === true && !user.integration;
    if (self && toIntegration) {
      throw conflict("You cannot make your own account an integration", { code: "self_integration" });
    }
    // An integration account cannot sign in on the web: it does not count as the admin who keeps the instance.
    if (user.role === "admin" && !user.disabled && !user.integration && (demoted || disabling || toIntegration)) {
      await assertAnotherAdmin(tx, instanceId, id);
    }

    const now = new Date();
    const updated = await tx.user.update({
      where: { id },
      data: {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
        ...(patch.integration !== undefined ? { integration: patch.integration } : {}),
        // Disabling ends every session at once (sessions issued before this moment are refused).
        ...(disabling || integrationChange ? { sessionsValidFrom: now } : {}),
      },
    });
    // Session tokens carry the role they were issued with: a role change or disable ends them.
    if (disabling || integrationChange || (patch.role !== undefined && patch.role !== user.role)) {
      await revokeSessionTokens(tx, id, now);
    }
    const changes = changedFields(serializeUser(user), serializeUser(updated));
    if (Object.keys(changes).length) {
      const action = disabling
        ? "user.disable"
        : patch.disabled === false && user.disabled
          ? "user.enable"
          : "user.update";
      await recordAudit(tx, actor, { action, entity: "user", entityId: id, details: { email: user.email, changes } });
    }
    return serializeUser(updated);
  });
}
