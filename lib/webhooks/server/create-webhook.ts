import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { DEFAULT_PAYLOAD_DETAIL } from "../payload-detail.ts";
import type { CreateWebhookInput } from "../schemas.ts";
import { encryptSecret, newWebhookSecret } from "./secret.ts";
import { serializeWebhookEndpoint } from "./webhook-rows.ts";

/** A new endpoint; the answer carries its signing secret, shown this once. */
export async function createWebhook(ctx: UseCaseContext, input: CreateWebhookInput) {
  const { actor } = ctx;
  const secret = newWebhookSecret();
  return inTransaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        instanceId: actor.instanceId,
        url: input.url,
        events: input.events,
        payload: input.payload ?? DEFAULT_PAYLOAD_DETAIL,
        secretCipher: encryptSecret(secret),
        secretHint: secret.slice(-4),
      },
      omit: { secretCipher: true, previousSecretCipher: true },
    });
    await recordAudit(tx, actor, {
      action: "webhook.create",
      entity: "webhook",
      entityId: endpoint.id,
      details: { url: input.url, events: input.events, payload: input.payload ?? DEFAULT_PAYLOAD_DETAIL },
    });
    return { ...serializeWebhookEndpoint(endpoint), secret };
  });
}
