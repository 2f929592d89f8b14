// The webhook admin's shared parts: an endpoint row as the APIs menu shows it (never its secret or the URL's
// credentials) and the refusal for an endpoint not in the actor's instance.
import "server-only";
import { notFound } from "../../errors/app-error.ts";
import { withoutCredentials } from "../destination.ts";
import { deliveryFailure, disabledCause } from "../failure.ts";
import type { PayloadDetail } from "../payload-detail.ts";

export const webhookNotFound = () => notFound("Webhook endpoint not found");

export function serializeWebhookEndpoint(endpoint: {
  id: number;
  url: string;
  events: string[];
  payload: string;
  secretHint: string;
  consecutiveFailures: number;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  previousSecretUntil?: Date | null;
}) {
  const overlapUntil =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? endpoint.previousSecretUntil : null;
  return {
    id: endpoint.id,
    url: withoutCredentials(endpoint.url),
    events: endpoint.events,
    payload: endpoint.payload as PayloadDetail,
    secret_hint: endpoint.secretHint,
    enabled: endpoint.disabledAt === null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    disabled_reason: endpoint.disabledReason,
    disabled_cause: disabledCause(endpoint.disabledReason),
    /** While a rotated secret still signs beside the new one (signature.ts); null otherwise. */
    previous_secret_until: overlapUntil?.toISOString() ?? null,
    consecutive_failures: endpoint.consecutiveFailures,
    created_at: endpoint.createdAt.toISOString(),
  };
}

/** Where a delivery stands, as the console's list and its detail view both show it. */
export function serializeDeliveryState(delivery: {
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastResponse: string | null;
  createdAt: Date;
  sentAt: Date | null;
  notBefore: Date;
}) {
  return {
    status: delivery.status,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_response: delivery.lastResponse,
    failure: delivery.status === "sent" ? null : deliveryFailure(delivery.lastStatus, delivery.lastResponse),
    created_at: delivery.createdAt.toISOString(),
    sent_at: delivery.sentAt?.toISOString() ?? null,
    next_attempt_at: delivery.status === "pending" ? delivery.notBefore.toISOString() : null,
  };
}
