import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import type { UpdateWebhookInput } from "../schemas.ts";
import { serializeWebhookEndpoint, webhookNotFound } from "./webhook-rows.ts";

/** Changes an endpoint; `enabled: false` disables it (naming who), `enabled: true` re-enables it and wakes the outbox. */
export async function updateWebhook(
  ctx: UseCaseContext,
  { id, changes: input }: { id: number; changes: UpdateWebhookInput },
) {
  const { actor } = ctx;
  const answer = await inTransaction(async (tx) => {
    const current = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!current) throw webhookNotFound();
    const endpoint = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.payload !== undefined ? { payload: input.payload } : {}),
        ...(input.enabled === true ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 } : {}),
        ...(input.enabled === false && current.disabledAt === null
          ? { disabledAt: new Date(), disabledReason: `Disabled by ${actor.label}` }
          : {}),
      },
      omit: { secretCipher: true, previousSecretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.update",
      entity: "webhook",
      entityId: id,
      details: { ...input },
    });
    return serializeWebhookEndpoint(endpoint);
  });
  if (input.enabled) nudgeOutbox();
  return answer;
}
