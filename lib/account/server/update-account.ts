import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { UpdateAccountInput } from "../../auth/schemas.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound } from "../../errors/app-error.ts";
import { serializeAccount } from "./load-account.ts";
import { ownUserId } from "./session-rows.ts";

/** "Minha conta": one's own name and language (the role and the e-mail stay the admin's to change). */
export async function updateAccount(ctx: UseCaseContext, input: UpdateAccountInput) {
  const id = ownUserId(ctx);
  return inTransaction(async (tx) => {
    const user = await tx.user.findFirst({ where: { id, instanceId: ctx.actor.instanceId } });
    if (!user) throw notFound("User not found");
    const updated = await tx.user.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
        ...(input.notify_unassigned !== undefined ? { notifyUnassigned: input.notify_unassigned } : {}),
        ...(input.notify_by_email !== undefined ? { notifyByEmail: input.notify_by_email } : {}),
      },
    });
    await recordUpdateAudit(
      tx,
      ctx.actor,
      { action: "user.update_own", entity: "user", entityId: id, details: { email: user.email } },
      {
        name: user.name,
        locale: user.locale,
        notifyUnassigned: user.notifyUnassigned,
        notifyByEmail: user.notifyByEmail,
      },
      {
        name: updated.name,
        locale: updated.locale,
        notifyUnassigned: updated.notifyUnassigned,
        notifyByEmail: updated.notifyByEmail,
      },
    );
    return serializeAccount(updated);
  });
}
