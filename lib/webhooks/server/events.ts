// The webhook events and how each delivery is queued: one INSERT … SELECT over the instance's active
// endpoints subscribed to the event, inside the transaction of the change itself (the outbox), so a delivery exists
// exactly when the change committed. lib/outbox/server/email-queue.ts sends them.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "../../db/raw-query.ts";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../event-names.ts";
import { minimalEventData } from "../payload-detail.ts";

export { WEBHOOK_EVENTS, type WebhookEvent };

/** The JSON every receiver gets: a unique id (receivers dedupe on it), the type, when, and the event's data. */
export function webhookPayload(
  type: WebhookEvent | "webhook.test",
  data: unknown,
  now = new Date(),
  id = `evt_${randomUUID()}`,
) {
  return { id, type, created_at: now.toISOString(), data };
}

/** SQL: whether instance `instanceParam` has an enabled endpoint — read inside a write's first statement, so a write
 * in an instance without webhooks pays no extra round trip. */
export const hasWebhooksSql = (instanceParam: string) =>
  `EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w."instanceId" = ${instanceParam} AND w."disabledAt" IS NULL)`;

const QUEUE_SQL = `INSERT INTO "OutboxMessage" ("instanceId", "documentId", "channel", "endpointId", "recipient", "subject",
    "body", "notBefore", "createdAt")
  SELECT w."instanceId", $2::int, 'webhook', w."id", w."url", $3::text,
         CASE WHEN w."payload" = 'full' THEN $4::text ELSE $6::text END, $5::timestamptz, $5::timestamptz
  FROM "WebhookEndpoint" w
  WHERE w."instanceId" = $1::int AND w."disabledAt" IS NULL AND $3::text = ANY(w."events")
  RETURNING "id"`;

/** Queues `events` (each with its full data) for the instance's subscribed endpoints, each in the endpoint's payload
 * detail (payload-detail.ts; one event id for both forms); answers how many deliveries. */
export async function queueWebhooks(
  query: Sql,
  input: {
    instanceId: number;
    documentId: number | null;
    events: Array<{ type: WebhookEvent; data: unknown }>;
    now: Date;
  },
): Promise<number> {
  let queued = 0;
  for (const event of input.events) {
    const id = `evt_${randomUUID()}`;
    const { rowCount } = await query(QUEUE_SQL, [
      input.instanceId,
      input.documentId,
      event.type,
      JSON.stringify(webhookPayload(event.type, event.data, input.now, id)),
      input.now,
      JSON.stringify(webhookPayload(event.type, minimalEventData(event.type, event.data), input.now, id)),
    ]);
    queued += rowCount;
  }
  return queued;
}
