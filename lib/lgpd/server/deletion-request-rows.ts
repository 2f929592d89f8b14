// A deletion request's row: the CPF's digits, recording one (one pending row per CPF), and its status `details`. The
// use-cases are request-deletion.ts (the LGPD API), request-deletion-by-staff.ts and describe-deletion-request.ts.
import "server-only";
import type { Db, LgpdRequest } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { isValidCpf, maskCpf } from "../../identifiers/identifiers.ts";
import { lgpdSettings } from "../config.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { discardAccessPackages } from "./access-request-rows.ts";

class InvalidCpfError extends Error {
  constructor() {
    super("Invalid CPF");
    this.name = "InvalidCpfError";
  }
}

/** The 11 digits of a valid CPF (bare or formatted), or an InvalidCpfError. */
export function cpfDigitsOf(cpf: string): string {
  if (!isValidCpf(cpf)) throw new InvalidCpfError();
  return cpf.replace(/\D/g, "");
}

/** Who recorded a request and, for one entered by hand (request-*-by-staff.ts), how and when it arrived. */
export type RequestEntry = {
  source: "api" | "admin";
  requestedById?: number | null;
  channel?: string | null;
  receivedAt?: Date | null;
  note?: string | null;
};

/** The columns every pending request row (deletion or access) starts with: the CPF keyed, masked, and who sent it. */
export function pendingRequestFields(instanceId: number, digits: string, entry: RequestEntry) {
  const cpfHash = lgpdCpfHash(digits);
  return {
    instanceId,
    cpfHash,
    cpfMasked: maskCpf(digits),
    cpfPending: digits,
    pendingKey: cpfHash,
    source: entry.source,
    requestedById: entry.requestedById ?? null,
    channel: entry.channel ?? null,
    receivedAt: entry.receivedAt ?? null,
    note: entry.note ?? null,
  };
}

/**
 * One pending request per CPF: the pending row `findPending` answers, else the row `insert` adds — with ON CONFLICT
 * DO NOTHING (createMany's skipDuplicates) rather than catching the unique violation, which would abort the caller's
 * transaction; it answers nothing when a concurrent call's row won. A few rounds: a conflicting pending request can
 * be processed between our failed insert and the lookup.
 */
export async function findOrInsertPending<Row>(
  what: string,
  findPending: () => Promise<Row | null>,
  insert: () => Promise<Row | undefined>,
): Promise<{ request: Row; created: boolean }> {
  for (let round = 0; round < 3; round += 1) {
    const existing = await findPending();
    if (existing) return { request: existing, created: false };
    const request = await insert();
    if (request) return { request, created: true };
  }
  throw new Error(`Could not record the ${what} after repeated conflicts`);
}

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
  // The person's access packages go with the request (LGPD Art. 18 VI), pending or new: nothing of them waits for the worker.
  await discardAccessPackages(db, instanceId, fields.cpfHash);
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
    // Waiting for the officer's review: still "pending" (the documented statuses), said in details (docs/decisions.md).
    ...(request.review === "awaiting" || request.review === "approved" ? { review: request.review } : {}),
    ...(request.attempts > 0
      ? { failed_attempts: request.attempts, next_attempt_at: request.notBefore.toISOString() }
      : {}),
  };
}
