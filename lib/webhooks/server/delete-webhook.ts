import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { webhookNotFound } from "./webhook-rows.ts";

/** Removes an endpoint with its deliveries. */
export async function deleteWebhook(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  return inTransaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id, instanceId: actor.instanceId } });
    if (count === 0) throw webhookNotFound();
    await recordAudit(tx, actor, { action: "webhook.delete", entity: "webhook", entityId: id });
    return { deleted: true, id };
  });
}
