// A deletion request's row: recording one (one pending row per CPF, pending-request-rows.ts) and its status `details`.
// The use-cases are request-deletion.ts (the LGPD API), request-deletion-by-staff.ts and describe-deletion-request.ts.
import "server-only";
import type { Db, LgpdRequest } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { lgpdSettings } from "../config.ts";
import { cpfDigitsOf, findOrInsertPending, pendingRequestFields, type RequestEntry } from "./pending-request-rows.ts";

/**
 * Records a deletion request for `cpf` in the instance, or returns the one already pending for it (the unique
 * (instanceId, pendingKey) index makes a second pending row impossible, also under concurrent calls).
 */
export async function recordDeletionRequest(
  db: Tx | Db,
  instanceId: number,
  cpf: string,
  entry: RequestEntry,
): Promise<{ request: LgpdRequest; created: boolean }> {
  const fields = pendingRequestFields(instanceId, cpfDigitsOf(cpf), entry);
  const recorded = await findOrInsertPending(
    "deletion request",
    () =>
      db.lgpdRequest.findUnique({ where: { instanceId_pendingKey: { instanceId, pendingKey: fields.pendingKey } } }),
    async () => {
      const notBefore = new Date(Date.now() + lgpdSettings().delayHours * 3_600_000);
      // With reviews on (set-deletion-review.ts), the request waits for the officer: the worker does not claim it until approved.
      const reviewed = await db.instance.findUnique({
        where: { id: instanceId },
        select: { lgpdDeletionReview: true },
      });
      const [request] = await db.lgpdRequest.createManyAndReturn({
        data: { ...fields, notBefore, review: reviewed?.lgpdDeletionReview ? "awaiting" : null },
        skipDuplicates: true,
      });
      return request;
    },
  );
  // The person's access packages stay until the erasure itself runs (processor.ts): a request waiting for its delay
  // or the officer's review, or one denied, leaves "send me my data, then delete it" possible.
  return recorded;
}

/**
 * `details` of the status answer: the stored summary once processed (counts per kind and times when done or
 * not_found, the reason when error); while pending, when it was received and how many attempts failed so far.
 */
export function requestDetails(request: LgpdRequest): Record<string, unknown> {
  if (request.status !== "pending" && request.details && typeof request.details === "object") {
    return request.details as Record<string, unknown>;
  }
  return {
    requested_at: request.requestedAt.toISOString(),
    ...(request.receivedAt ? { received_at: request.receivedAt.toISOString() } : {}),
    // Waiting for the officer's review: still "pending" (the documented statuses), said in details
    // (docs/decisions/0047-lgpd-review-and-legal-holds.md).
    ...(request.review === "awaiting" || request.review === "approved" ? { review: request.review } : {}),
    ...(request.attempts > 0
      ? { failed_attempts: request.attempts, next_attempt_at: request.notBefore.toISOString() }
      : {}),
  };
}
