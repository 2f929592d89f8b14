// Why a webhook delivery failed and why an endpoint was disabled, as stable codes the console says in the admin's
// language (no raw English like "TypeError: fetch failed"). The sender stores a few fixed English texts
// (lib/webhooks/server/deliver.ts, lib/webhooks/server/delivery-queue.ts); this reads them back. Shared: no server imports.
import { z } from "zod";

export const DESTINATION_REFUSED = "Destination not allowed";
export const NO_ANSWER = "No answer from the receiver";
export const NOT_PREPARED_PREFIX = "Delivery could not be prepared: ";

/** destination_refused: the address is not allowed (SSRF guard); no_answer: refused connection, timeout, DNS;
 * not_prepared: the secret no longer decrypts or the stored body is broken; http_status: the receiver answered non-2xx. */
export const DELIVERY_FAILURES = ["destination_refused", "no_answer", "not_prepared", "http_status"] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/** The failure of a delivery from its last answer (null when it has not failed). */
export function deliveryFailure(lastStatus: number | null, lastResponse: string | null): DeliveryFailure | null {
  if (lastStatus !== null) return lastStatus >= 200 && lastStatus < 300 ? null : "http_status";
  if (lastResponse === null) return null;
  if (lastResponse === DESTINATION_REFUSED) return "destination_refused";
  if (lastResponse.startsWith(NOT_PREPARED_PREFIX)) return "not_prepared";
  return "no_answer";
}

export const ZDisabledCause = z.strictObject({
  /** manual: an admin disabled it; failures: `count` failed attempts in a row, the last one `last`. */
  kind: z.enum(["manual", "failures"]),
  count: z.int().nullable(),
  last_failure: z.enum(DELIVERY_FAILURES).nullable(),
  last_status: z.int().nullable(),
});
type DisabledCause = z.infer<typeof ZDisabledCause>;

const AFTER_FAILURES = /^Disabled after (\d+) failed deliveries in a row \(last: (.*)\)$/;

/** The cause of a disabled endpoint from its stored reason (written by server/delivery-queue.ts or admin.ts). */
export function disabledCause(reason: string | null): DisabledCause | null {
  if (reason === null) return null;
  const match = AFTER_FAILURES.exec(reason);
  if (!match) return { kind: "manual", count: null, last_failure: null, last_status: null };
  const last = match[2]!;
  const http = /^HTTP (\d{3})$/.exec(last);
  const status = http ? Number(http[1]) : null;
  return {
    kind: "failures",
    count: Number(match[1]),
    last_failure: deliveryFailure(status, http ? null : last),
    last_status: status,
  };
}
