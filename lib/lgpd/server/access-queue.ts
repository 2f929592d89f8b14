// The access-package queue on the job engine (lib/jobs): an access request is a job row of "LgpdAccessRequest".
// Running one reads everything tied to the CPF, zips it (access-package.ts), encrypts it and marks the request done
// with the package, its expiry and the counts — in one transaction that holds the row only while the lease is ours.
// Each poll also deletes the packages whose link expired.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import { log } from "../../log.ts";
import type { Sql, SqlSession } from "../../db/sql-session.ts";
import { retryDelaySeconds } from "../../jobs/backoff.ts";
import { describeFailure } from "../../jobs/describe-failure.ts";
import { runDueJobs, startJobLoop, type JobContext, type JobQueue } from "../../jobs/server/engine.ts";
import { claimLeased, scheduleRetry } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { lgpdAccessLinkDays, lgpdSettings, type LgpdSettings } from "../config.ts";
import { buildAccessPackage } from "./access-package.ts";
import { encryptPackage } from "./access-package-cipher.ts";
import { collectSubjectData, includedDocumentIds } from "./collect-subject-data.ts";
import { retentionTerms } from "./retention-terms.ts";
import { idArrayLiteral } from "./tied-documents.ts";

type ClaimedAccessRequest = {
  id: number;
  instanceId: number;
  cpfPending: string | null;
  cpfMasked: string;
  attempts: number;
  requestedAt: Date;
};

type AccessOutcome =
  | { id: number; outcome: "done" | "not_found"; counts: Record<string, number>; bytes: number; ms: number }
  | { id: number; outcome: "retry"; attempts: number; error: string }
  | { id: number; outcome: "error"; attempts: number; error: string }
  | { id: number; outcome: "lost" };

type AccessSettings = LgpdSettings & { linkDays: number };

const accessSettings = (): AccessSettings => ({ ...lgpdSettings(), linkDays: lgpdAccessLinkDays() });

/** Deletes the bytes of packages whose link expired (the request row stays, as a record that it was answered). */
async function purgeExpiredPackages(sql: Sql, now = new Date()): Promise<number> {
  const { rowCount } = await sql(
    `UPDATE "LgpdAccessRequest" SET "packageCipher" = NULL, "packageDeletedAt" = $1::text::timestamptz
      WHERE "packageCipher" IS NOT NULL AND "expiresAt" <= $1::text::timestamptz`,
    [now.toISOString()],
  );
  return rowCount;
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

class LeaseLostError extends Error {}

async function runAccess(request: ClaimedAccessRequest, context: JobContext<AccessSettings>): Promise<AccessOutcome> {
  const { session, owner, settings } = context;
  const digits = request.cpfPending;
  if (!digits) return recordFailure(request, new Error("The request has no CPF to process"), context, true);
  const started = performance.now();
  try {
    const result = await session.transaction(async (sql) => {
      const own = await sql<{ name: string }>(
        `SELECT i.name FROM "LgpdAccessRequest" r JOIN "Instance" i ON i.id = r."instanceId"
          WHERE r.id = $1 AND r."leaseOwner" = $2 AND r.status = 'pending' FOR UPDATE OF r`,
        [request.id, owner],
      );
      if (own.rowCount === 0) return null;
      const generatedAt = new Date();
      const data = await collectSubjectData(sql, request.instanceId, digits);
      const counts = Object.fromEntries(Object.entries(data).map(([kind, rows]) => [kind, rows.length]));
      const details = {
        requested_at: new Date(request.requestedAt).toISOString(),
        completed_at: generatedAt.toISOString(),
        counts,
      };
      const documentIds = includedDocumentIds(data);
      if (documentIds.length === 0) {
        // Nothing held: the answer is the status itself (not_found, as the deletion's), no package to keep.
        const marked = await sql(
          `UPDATE "LgpdAccessRequest"
              SET status = 'not_found', details = $3::text::jsonb, "processedAt" = now(), "cpfPending" = NULL,
                  "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL, attempts = attempts + 1
            WHERE id = $1 AND "leaseOwner" = $2`,
          [request.id, owner, JSON.stringify(details)],
        );
        if (marked.rowCount !== 1) throw new LeaseLostError();
        return { status: "not_found", counts, bytes: 0 } as const;
      }
      const zip = buildAccessPackage(data, {
        instanceName: own.rows[0]!.name,
        cpfMasked: request.cpfMasked,
        generatedAt,
        requestId: request.id,
        retention: await retentionTerms(
          sql,
          request.instanceId,
          data.documents.map((row) => Number(row.id)),
        ),
      });
      const cipher = encryptPackage(zip);
      const expiresAt = new Date(generatedAt.getTime() + settings.linkDays * 86_400_000);
      const marked = await sql(
        `UPDATE "LgpdAccessRequest"
            SET status = 'done', details = $3::text::jsonb, "processedAt" = now(), "expiresAt" = $4::text::timestamptz,
                "packageCipher" = decode($5, 'base64'), "packageSize" = $6, "cpfPending" = NULL, "pendingKey" = NULL,
                "leaseOwner" = NULL, "leaseUntil" = NULL, attempts = attempts + 1, "documentIds" = $7::text::int[]
          WHERE id = $1 AND "leaseOwner" = $2`,
        [
          request.id,
          owner,
          JSON.stringify({ ...details, size_bytes: zip.byteLength, expires_at: expiresAt.toISOString() }),
          expiresAt.toISOString(),
          // As base64 text: PGlite takes a 5 MiB bytea parameter ~5x slower than its text (6.7 s against 1.4 s).
          cipher.toString("base64"),
          zip.byteLength,
          idArrayLiteral(documentIds),
        ],
      );
      if (marked.rowCount !== 1) throw new LeaseLostError();
      return { status: "done", counts, bytes: zip.byteLength } as const;
    });
    if (!result) return lost(request, owner);
    const ms = Math.round(performance.now() - started);
    log.info("lgpd.access_built", {
      lgpd_access_id: request.id,
      instance_id: request.instanceId,
      owner,
      ms,
      ...result.counts,
    });
    return { id: request.id, outcome: result.status, counts: result.counts, bytes: result.bytes, ms };
  } catch (error) {
    if (error instanceof LeaseLostError) return lost(request, owner);
    return recordFailure(request, error, context, false);
  }
}

function lost(request: { id: number }, owner: string): AccessOutcome {
  log.warn("lgpd.access_lease_lost", { lgpd_access_id: request.id, owner });
  return { id: request.id, outcome: "lost" };
}

async function recordFailure(
  request: ClaimedAccessRequest,
  error: unknown,
  context: JobContext<AccessSettings>,
  final: boolean,
): Promise<AccessOutcome> {
  const { session, owner, settings } = context;
  const attempts = request.attempts + 1;
  const reason = describeFailure(error);
  log.error("lgpd.access_attempt_failed", { lgpd_access_id: request.id, owner, attempts, error: reason });
  try {
    if (final || attempts >= settings.maxAttempts) {
      const details = { requested_at: new Date(request.requestedAt).toISOString(), attempts, reason };
      const { rowCount } = await session.query(
        `UPDATE "LgpdAccessRequest"
            SET status = 'error', details = $3::text::jsonb, "processedAt" = now(), attempts = $4, "lastError" = $5,
                "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
          WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
        [request.id, owner, JSON.stringify(details), attempts, reason],
      );
      return rowCount === 1 ? { id: request.id, outcome: "error", attempts, error: reason } : lost(request, owner);
    }
    const delaySeconds = retryDelaySeconds(attempts, settings.retryBaseSeconds, settings.retryMaxSeconds);
    const retryAt = await scheduleRetry(
      session,
      { table: "LgpdAccessRequest", id: request.id, owner },
      { attempts, reason, delaySeconds },
    );
    return retryAt ? { id: request.id, outcome: "retry", attempts, error: reason } : lost(request, owner);
  } catch (recordError) {
    log.error("lgpd.access_failure_not_recorded", {
      lgpd_access_id: request.id,
      owner,
      error: describeFailure(recordError),
    });
    return { id: request.id, outcome: "lost" };
  }
}

const accessQueue: JobQueue<ClaimedAccessRequest, AccessOutcome, AccessSettings> = {
  name: "lgpd_access",
  table: "LgpdAccessRequest",
  settings: accessSettings,
  claim: async (session, { owner, limit, settings }) => {
    // Expired packages go on every poll, whether or not a request waits.
    await purgeExpiredPackages(session.query);
    return claimLeased<ClaimedAccessRequest>(session, {
      table: "LgpdAccessRequest",
      owner,
      limit,
      leaseSeconds: settings.leaseSeconds,
      returning: `id, "instanceId", "cpfPending", "cpfMasked", attempts, "requestedAt"`,
    });
  },
  run: runAccess,
  crashed: (request) => ({ id: request.id, outcome: "lost" }),
};

/** Claims the due access requests (up to `limit`) and builds their packages; answers what happened to each. */
export function processDueAccessRequests(options: {
  owner: string;
  session?: SqlSession;
  settings?: Partial<AccessSettings>;
  limit?: number;
}): Promise<{ claimed: number; results: AccessOutcome[] }> {
  return runDueJobs(accessQueue, options);
}

const LOOP_KEY = "__docflowLgpdAccessLoop";

/** Polls for due access requests (one loop per process), as the deletion loop does. */
export function startAccessLoop(options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  return startJobLoop(accessQueue, { loopKey: LOOP_KEY, ...options });
}
