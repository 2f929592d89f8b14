// The LGPD deletion queue on the job engine (lib/jobs): a request is a job row of "LgpdRequest". Running one deletes
// everything tied to the CPF (erase-tied-data.ts) and marks the request in ONE transaction, so a crash at any point
// loses nothing and deletes nothing twice.
//
// The transaction first locks the request row *if the lease is still ours*; a worker whose lease was taken over finds
// nothing and stops ("lost"). Another worker cannot take the lease while we hold the row lock (its claim skips locked
// rows), so exactly one transaction ever commits the deletion. The status API reads the same row.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import "server-only";
import { log } from "../../log.ts";
import { recordDeletion } from "../../metrics/server/metrics.ts";
import { type Sql, type SqlSession } from "../../db/sql-session.ts";
import {
  holdLease,
  LeaseLostError,
  runClaimedJob,
  runDueJobs,
  startJobLoop,
  type FailureOutcome,
  type JobContext,
  type JobQueue,
} from "../../jobs/server/engine.ts";
import { claimLeased } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { queueWebhooks } from "../../webhooks/server/events.ts";
import { lgpdSettings, type LgpdSettings } from "../config.ts";
import { eraseTiedData, type DeletedCounts } from "./erase-tied-data.ts";
import { idArrayLiteral } from "./tied-documents.ts";
import { keyedHash } from "../../auth/server/secrets.ts";

export type ClaimedRequest = {
  id: number;
  instanceId: number;
  cpfPending: string | null;
  attempts: number;
  requestedAt: Date;
};

type Deleted = { id: number; outcome: "done" | "not_found"; deleted: DeletedCounts };

export type ProcessOutcome = Deleted | FailureOutcome<"error">;

export type ProcessOptions = {
  /** Identifies this worker in leases; unique per process (workerOwnerId, lib/jobs/server/engine.ts). */
  owner: string;
  /** The database session; defaults to this process's connection (lib/db/client.ts). */
  session?: SqlSession;
  settings?: Partial<LgpdSettings>;
};

/** Reserves up to `limit` due requests for `owner` for `leaseSeconds`; requests leased to others are skipped. */
export function claimDueRequests(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number },
): Promise<ClaimedRequest[]> {
  return claimLeased<ClaimedRequest>(session, {
    table: "LgpdRequest",
    ...options,
    returning: `id, "instanceId", "cpfPending", attempts, "requestedAt"`,
    // A request waiting for the officer's review (approve-deletion.ts) is not due until approved.
    where: `j.review IS DISTINCT FROM 'awaiting'`,
  });
}

/** A request without its CPF cannot run: it ends in `error` at once. */
class NothingToProcess extends Error {}

/** The lgpd.request.completed webhook: the outcome, counts, the masked CPF — never the CPF itself — and the deleted
 * documents' ids, uuids and protocols, so receivers that were sent them can erase their copies (LGPD Art. 18 §6). */
async function queueLgpdCompleted(sql: Sql, request: ClaimedRequest, data: Record<string, unknown>): Promise<void> {
  await queueWebhooks(sql, {
    instanceId: request.instanceId,
    documentId: null,
    events: [{ type: "lgpd.request.completed", data: { request_id: request.id, ...data } }],
    now: new Date(),
  });
}

/** Processes one claimed request: deletion + marking in one transaction, or the engine's failure bookkeeping. */
export function processClaimed(request: ClaimedRequest, options: ProcessOptions): Promise<ProcessOutcome> {
  return runClaimedJob(deletionQueue, request, options);
}

async function runDeletion(request: ClaimedRequest, context: JobContext<LgpdSettings>): Promise<Deleted> {
  const { session, owner } = context;
  const digits = request.cpfPending;
  if (!digits) throw new NothingToProcess("The request has no CPF to process");
  const result = await session.transaction(async (sql) => {
    await holdLease(sql, context, request.id, `review IS DISTINCT FROM 'awaiting'`);
    const { deleted, masked, documents, kept, ownedIds, corrected } = await eraseTiedData(
      sql,
      request.instanceId,
      digits,
    );
    // The person's packages, and every package that includes one of her documents, go with the erasure itself:
    // not before (a pending or reviewed deletion leaves "send me my data, then delete it" possible).
    // keyedHash(digits) = lgpdCpfHash (cpf-hash.ts is server-only).
    await discardAccessPackagesSql(sql, request.instanceId, keyedHash(digits), ownedIds);
    const completedAt = new Date();
    // Documents kept by a legal hold were found and processed (anonymised), and so were her values in records
    // corrected to another person: the request is answered, done.
    const status = deleted.documents + kept.documents + corrected > 0 ? "done" : "not_found";
    const details = {
      requested_at: new Date(request.requestedAt).toISOString(),
      completed_at: completedAt.toISOString(),
      deleted,
      ...(kept.documents > 0 ? { kept } : {}),
      ...(corrected > 0 ? { corrected_records: corrected } : {}),
    };
    const marked = await sql<{ cpfMasked: string }>(
      `UPDATE "LgpdRequest"
          SET status = $3::text::"LgpdRequestStatus", details = $4::text::jsonb, "processedAt" = $5::text::timestamptz,
              "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL,
              attempts = attempts + 1
        WHERE id = $1 AND "leaseOwner" = $2
        RETURNING "cpfMasked"`,
      [request.id, owner, status, JSON.stringify(details), completedAt.toISOString()],
    );
    if (marked.rowCount !== 1) throw new LeaseLostError();
    await queueLgpdCompleted(sql, request, { status, cpf_masked: marked.rows[0]!.cpfMasked, ...details, documents });
    return { status, deleted, masked } as const;
  });
  log.info("lgpd.processed", {
    lgpd_request_id: request.id,
    instance_id: request.instanceId,
    owner,
    outcome: result.status,
    ...result.deleted,
    masked_rows: result.masked,
  });
  return { id: request.id, outcome: result.status, deleted: result.deleted };
}

/** The last attempt failed: the request ends in `error`, and its webhook says so. */
async function giveUp(
  request: ClaimedRequest,
  failure: { attempts: number; reason: string },
  context: JobContext<LgpdSettings>,
): Promise<boolean> {
  const { session, owner } = context;
  const failedAt = new Date();
  const details = {
    requested_at: new Date(request.requestedAt).toISOString(),
    failed_at: failedAt.toISOString(),
    attempts: failure.attempts,
    reason: failure.reason,
  };
  return session.transaction(async (sql) => {
    const { rows } = await sql<{ cpfMasked: string }>(
      `UPDATE "LgpdRequest"
          SET status = 'error', details = $3::text::jsonb, "processedAt" = $4::text::timestamptz, attempts = $5,
              "lastError" = $6, "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'
        RETURNING "cpfMasked"`,
      [request.id, owner, JSON.stringify(details), failedAt.toISOString(), failure.attempts, failure.reason],
    );
    if (!rows[0]) return false;
    await queueLgpdCompleted(sql, request, { status: "error", cpf_masked: rows[0].cpfMasked, ...details });
    return true;
  });
}

export const deletionQueue: JobQueue<ClaimedRequest, Deleted, LgpdSettings, "error"> = {
  name: "lgpd",
  table: "LgpdRequest",
  settings: lgpdSettings,
  claim: (session, { owner, limit, settings }) =>
    claimDueRequests(session, { owner, limit, leaseSeconds: settings.leaseSeconds }),
  run: runDeletion,
  failure: { gaveUp: "error", final: (_request, error) => error instanceof NothingToProcess, giveUp },
  finished: (_request, outcome, seconds) => recordDeletion(outcome.outcome, seconds),
};

/** Claims the due requests (up to `limit`) and processes them one by one; answers what happened to each. */
export function processDueRequests(
  options: ProcessOptions & { limit?: number },
): Promise<{ claimed: number; results: ProcessOutcome[] }> {
  return runDueJobs(deletionQueue, options);
}

export type DeletionLoop = PollingLoop;

/**
 * Polls for due requests every LGPD_POLL_SECONDS (at once again when a deletion finished or a full batch was
 * claimed). One loop per process; a second call returns the running one.
 */
export function startDeletionLoop(options: { owner?: string; unref?: boolean } = {}): DeletionLoop {
  return startJobLoop(deletionQueue, options);
}

/**
 * An erasure removes the access packages that hold the erased person's data: the person's own, pending (closed in
 * error) or built (bytes and link gone), and every other built package that includes one of her documents (a record
 * corrected from another person's CPF to hers is in that person's package). `documentIds`: the erased person's
 * documents, deleted or kept by a legal hold. Runs in the erasure's transaction.
 */
export async function discardAccessPackagesSql(
  sql: Sql,
  instanceId: number,
  cpfHash: string,
  documentIds: number[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  await sql(
    `UPDATE "LgpdAccessRequest"
        SET status = 'error', "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL,
            "processedAt" = $3::text::timestamptz, "lastError" = 'Cancelled by a deletion request',
            details = jsonb_build_object('reason', 'Cancelled by a deletion request', 'cancelled_at', $3::text)
      WHERE "instanceId" = $1 AND "cpfHash" = $2 AND status = 'pending'`,
    [instanceId, cpfHash, now],
  );
  await sql(
    `UPDATE "LgpdAccessRequest"
        SET "packageCipher" = NULL, "packageDeletedAt" = $3::text::timestamptz, "expiresAt" = $3::text::timestamptz
      WHERE "instanceId" = $1 AND "packageCipher" IS NOT NULL
        AND ("cpfHash" = $2 OR "documentIds" && $4::text::int[])`,
    [instanceId, cpfHash, now, idArrayLiteral(documentIds)],
  );
}
