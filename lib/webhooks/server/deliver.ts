// One webhook delivery: POST the stored JSON to the endpoint, signed, with a bounded wait. A 2xx answer is success;
// anything else (or no answer) is retried by the outbox with backoff for up to WEBHOOK_RETRY_HOURS (24). Deliveries
// are at-least-once: a receiver dedupes on the payload's `id` (also in X-Webhook-Id).
import { signatureHeader } from "./signature.ts";

export type DeliveryResult = { ok: boolean; status: number | null; response: string };

/** Seconds to wait for a receiver (WEBHOOK_TIMEOUT_SECONDS, default 10). */
function timeoutMs(): number {
  const value = Number(process.env.WEBHOOK_TIMEOUT_SECONDS);
  return (Number.isFinite(value) && value > 0 ? Math.min(value, 60) : 10) * 1000;
}

export async function deliverWebhook(input: {
  url: string;
  secret: string;
  event: string;
  body: string;
}): Promise<DeliveryResult> {
  const id = (JSON.parse(input.body) as { id?: string }).id ?? "";
  try {
    const response = await fetch(input.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs()),
      headers: {
        "content-type": "application/json",
        "user-agent": "DocFlow-Webhooks/1",
        "x-webhook-id": id,
        "x-webhook-event": input.event,
        "x-signature": signatureHeader(input.secret, input.body),
      },
      body: input.body,
    });
    const text = (await response.text().catch(() => "")).slice(0, 500);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, response: text };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, status: null, response: reason.slice(0, 500) };
  }
}

/** How long a delivery keeps being retried (WEBHOOK_RETRY_HOURS, default 24). */
export function webhookRetryHours(): number {
  const value = Number(process.env.WEBHOOK_RETRY_HOURS);
  return Number.isFinite(value) && value > 0 ? value : 24;
}

/** Failed attempts in a row after which an endpoint is disabled (WEBHOOK_DISABLE_AFTER, default 20). */
export function webhookDisableAfter(): number {
  const value = Number(process.env.WEBHOOK_DISABLE_AFTER);
  return Number.isInteger(value) && value > 0 ? value : 20;
}
