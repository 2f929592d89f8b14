// The LGPD deletion queue on the job engine (lib/jobs): a request is a job row of "LgpdRequest". Running one deletes
// everything tied to the CPF (erase-tied-data.ts) and marks the request in ONE transaction, so a crash at any point
// loses nothing and deletes nothing twice.
//
// The transaction first locks the request row *if the lease is still ours*; a worker whose lease was taken over finds
// nothing and stops ("lost"). Another worker cannot take the lease while we hold the row lock (its claim skips locked
// rows), so exactly one transaction ever commits the deletion. The status API reads the same row.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import { log } from "../../log.ts";
import { recordDeletion } from "../../metrics/server/metrics.ts";
import { defaultSession, type Sql, type SqlSession } from "../../db/sql-session.ts";
import { retryDelaySeconds } from "../../jobs/backoff.ts";
import { describeFailure } from "../../jobs/describe-failure.ts";
import { runDueJobs, startJobLoop, type JobContext, type JobQueue } from "../../jobs/server/engine.ts";
import { claimLeased, scheduleRetry } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { queueWebhooks } from "../../webhooks/server/events.ts";
import { lgpdSettings, type LgpdSettings } from "../config.ts";
import { eraseTiedData, type DeletedCounts } from "./erase-tied-data.ts";
import { discardAccessPackagesSql } from "./access-queue.ts";
import { keyedHash } from "../../auth/server/secrets.ts";

export type ClaimedRequest = {
  id: number;
  instanceId: number;
  cpfPending: string | null;
  attempts: number;
  requestedAt: Date;
};

export type ProcessOutcome =
  | { id: number; outcome: "done" | "not_found"; deleted: DeletedCounts }
  | { id: number; outcome: "retry"; attempts: number; retryAt: Date; error: string }
  | { id: number; outcome: "error"; attempts: number; error: string }
  /** Another worker owns the request now (our lease expired), or the outcome could not be recorded. */
  | { id: number; outcome: "lost" };

export type ProcessOptions = {
  /** Identifies this worker in leases; unique per process (lib/jobs/server/owner.ts). */
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

class LeaseLostError extends Error {}

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

/** Processes one claimed request: deletion + marking in one transaction, or the failure bookkeeping. */
export async function processClaimed(request: ClaimedRequest, options: ProcessOptions): Promise<ProcessOutcome> {
  const session = options.session ?? (await defaultSession());
  const context = { session, owner: options.owner, settings: { ...lgpdSettings(), ...options.settings } };
  return runDeletion(request, context);
}

async function runDeletion(request: ClaimedRequest, context: JobContext<LgpdSettings>): Promise<ProcessOutcome> {
  const { session, owner } = context;
  const digits = request.cpfPending;
  if (!digits) return recordFailure(request, new Error("The request has no CPF to process"), context, true);
  try {
    const result = await session.transaction(async (sql) => {
      const own = await sql(
        `SELECT id FROM "LgpdRequest" WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'
            AND review IS DISTINCT FROM 'awaiting' FOR UPDATE`,
        [request.id, owner],
      );
      if (own.rowCount === 0) return null;
      const { deleted, masked, documents, kept } = await eraseTiedData(sql, request.instanceId, digits);
      // Access packages requested after this deletion was (the request already discarded the earlier ones).
      await discardAccessPackagesSql(sql, request.instanceId, keyedHash(digits)); // = lgpdCpfHash (cpf-hash.ts is server-only)
      const completedAt = new Date();
      // Documents kept by a legal hold were found and processed (anonymised): the request is answered, done.
      const status = deleted.documents + kept.documents > 0 ? "done" : "not_found";
      const details = {
        requested_at: new Date(request.requestedAt).toISOString(),
        completed_at: completedAt.toISOString(),
        deleted,
        ...(kept.documents > 0 ? { kept } : {}),
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
    if (!result) return lost(request, owner);
    log.info("lgpd.processed", {
      lgpd_request_id: request.id,
      instance_id: request.instanceId,
      owner,
      outcome: result.status,
      ...result.deleted,
      masked_rows: result.masked,
    });
    return { id: request.id, outcome: result.status, deleted: result.deleted };
  } catch (error) {
    if (error instanceof LeaseLostError) return lost(request, owner);
    return recordFailure(request, error, context, false);
  }
}

function lost(request: { id: number }, owner: string): ProcessOutcome {
  log.warn("lgpd.lease_lost", { lgpd_request_id: request.id, owner });
  return { id: request.id, outcome: "lost" };
}

/** A failed attempt: retry later with exponential backoff, or end in `error` after the last attempt. */
async function recordFailure(
  request: ClaimedRequest,
  error: unknown,
  context: JobContext<LgpdSettings>,
  final: boolean,
): Promise<ProcessOutcome> {
  const { session, owner, settings } = context;
  const attempts = request.attempts + 1;
  const reason = describeFailure(error);
  log.error("lgpd.attempt_failed", { lgpd_request_id: request.id, owner, attempts, error: reason });
  try {
    if (final || attempts >= settings.maxAttempts) {
      const failedAt = new Date();
      const details = {
        requested_at: new Date(request.requestedAt).toISOString(),
        failed_at: failedAt.toISOString(),
        attempts,
        reason,
      };
      const { rowCount, rows } = await session.query<{ cpfMasked: string }>(
        `UPDATE "LgpdRequest"
            SET status = 'error', details = $3::text::jsonb, "processedAt" = $4::text::timestamptz, attempts = $5,
                "lastError" = $6, "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
          WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'
          RETURNING "cpfMasked"`,
        [request.id, owner, JSON.stringify(details), failedAt.toISOString(), attempts, reason],
      );
      if (rows[0])
        await queueLgpdCompleted(session.query, request, {
          status: "error",
          cpf_masked: rows[0].cpfMasked,
          ...details,
        });
      return rowCount === 1 ? { id: request.id, outcome: "error", attempts, error: reason } : lost(request, owner);
    }
    const delaySeconds = retryDelaySeconds(attempts, settings.retryBaseSeconds, settings.retryMaxSeconds);
    const retryAt = await scheduleRetry(
      session,
      { table: "LgpdRequest", id: request.id, owner },
      { attempts, reason, delaySeconds },
    );
    if (!retryAt) return lost(request, owner);
    return { id: request.id, outcome: "retry", attempts, retryAt, error: reason };
  } catch (recordError) {
    // The lease will expire and another attempt will happen; nothing was deleted (the transaction rolled back).
    log.error("lgpd.failure_not_recorded", { lgpd_request_id: request.id, owner, error: describeFailure(recordError) });
    return { id: request.id, outcome: "lost" };
  }
}

export const deletionQueue: JobQueue<ClaimedRequest, ProcessOutcome, LgpdSettings> = {
  name: "lgpd",
  table: "LgpdRequest",
  settings: lgpdSettings,
  claim: (session, { owner, limit, settings }) =>
    claimDueRequests(session, { owner, limit, leaseSeconds: settings.leaseSeconds }),
  run: runDeletion,
  crashed: (request) => ({ id: request.id, outcome: "lost" }),
  finished: (_request, outcome, seconds) => recordDeletion(outcome.outcome, seconds),
};

/** Claims the due requests (up to `limit`) and processes them one by one; answers what happened to each. */
export function processDueRequests(
  options: ProcessOptions & { limit?: number },
): Promise<{ claimed: number; results: ProcessOutcome[] }> {
  return runDueJobs(deletionQueue, options);
}

export type DeletionLoop = PollingLoop;

const LOOP_KEY = "__docflowLgpdLoop";

/**
 * Polls for due requests every LGPD_POLL_SECONDS (at once again when a deletion finished or a full batch was
 * claimed). One loop per process; a second call returns the running one.
 */
export function startDeletionLoop(options: { owner?: string; unref?: boolean } = {}): DeletionLoop {
  return startJobLoop(deletionQueue, { loopKey: LOOP_KEY, ...options });
}
