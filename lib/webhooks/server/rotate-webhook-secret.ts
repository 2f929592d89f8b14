import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { encryptSecret, newWebhookSecret } from "./secret.ts";
import { serializeWebhookEndpoint, webhookNotFound } from "./webhook-rows.ts";

/** Hours a rotated secret keeps signing beside the new one when the admin does not say (0 = cut over at once). */
const DEFAULT_SECRET_OVERLAP_HOURS = 24;

/**
 * A new signing secret (answered once). The old one keeps signing beside it for `overlap_hours`, so receivers can
 * switch whenever they like inside the window (signature.ts); 0 drops it at once (a leaked secret).
 */
export async function rotateWebhookSecret(ctx: UseCaseContext, input: { id: number; overlap_hours?: number }) {
  const { actor } = ctx;
  const { id } = input;
  const overlapHours = input.overlap_hours ?? DEFAULT_SECRET_OVERLAP_HOURS;
  const secret = newWebhookSecret();
  return inTransaction(async (tx) => {
    const current = await tx.webhookEndpoint.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!current) throw webhookNotFound();
    const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
    const endpoint = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secretCipher: encryptSecret(secret),
        secretHint: secret.slice(-4),
        previousSecretCipher: until ? current.secretCipher : null,
        previousSecretUntil: until,
      },
      omit: { secretCipher: true, previousSecretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.rotate_secret",
      entity: "webhook",
      entityId: id,
      details: { overlap_hours: overlapHours, previous_hint: current.secretHint, hint: endpoint.secretHint },
    });
    return { ...serializeWebhookEndpoint(endpoint), secret };
  });
}
