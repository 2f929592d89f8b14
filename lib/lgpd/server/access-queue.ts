// The access-package queue on the job engine (lib/jobs): an access request is a job row of "LgpdAccessRequest".
// Running one reads everything tied to the CPF, zips it (access-package.ts), encrypts it and marks the request done
// with the package, its expiry and the counts — in one transaction that holds the row only while the lease is ours.
// Each poll also deletes the packages whose link expired.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import "server-only";
import { log } from "../../log.ts";
import type { Sql, SqlSession } from "../../db/sql-session.ts";
import {
  holdLease,
  LeaseLostError,
  runDueJobs,
  startJobLoop,
  type FailureOutcome,
  type JobContext,
  type JobQueue,
} from "../../jobs/server/engine.ts";
import { claimLeased } from "../../jobs/server/lease.ts";
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

type Built = { id: number; outcome: "done" | "not_found"; counts: Record<string, number>; bytes: number; ms: number };

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

/** A request without its CPF cannot run: it ends in `error` at once. */
class NothingToProcess extends Error {}

async function runAccess(request: ClaimedAccessRequest, context: JobContext<AccessSettings>): Promise<Built> {
  const { session, owner, settings } = context;
  const digits = request.cpfPending;
  if (!digits) throw new NothingToProcess("The request has no CPF to process");
  const started = performance.now();
  const result = await session.transaction(async (sql) => {
    await holdLease(sql, context, request.id);
    const instance = await sql<{ name: string }>(`SELECT name FROM "Instance" WHERE id = $1`, [request.instanceId]);
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
      instanceName: instance.rows[0]!.name,
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
  const ms = Math.round(performance.now() - started);
  log.info("lgpd.access_built", {
    lgpd_access_id: request.id,
    instance_id: request.instanceId,
    owner,
    ms,
    ...result.counts,
  });
  return { id: request.id, outcome: result.status, counts: result.counts, bytes: result.bytes, ms };
}

/** The last attempt failed: the request ends in `error`. */
async function giveUp(
  request: ClaimedAccessRequest,
  failure: { attempts: number; reason: string },
  context: JobContext<AccessSettings>,
): Promise<boolean> {
  const details = {
    requested_at: new Date(request.requestedAt).toISOString(),
    attempts: failure.attempts,
    reason: failure.reason,
  };
  const { rowCount } = await context.session.query(
    `UPDATE "LgpdAccessRequest"
        SET status = 'error', details = $3::text::jsonb, "processedAt" = now(), attempts = $4, "lastError" = $5,
            "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
    [request.id, context.owner, JSON.stringify(details), failure.attempts, failure.reason],
  );
  return rowCount === 1;
}

type AccessOutcome = Built | FailureOutcome<"error">;

const accessQueue: JobQueue<ClaimedAccessRequest, Built, AccessSettings, "error"> = {
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
  failure: { gaveUp: "error", final: (_request, error) => error instanceof NothingToProcess, giveUp },
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

/** Polls for due access requests (one loop per process), as the deletion loop does. */
export function startAccessLoop(options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  return startJobLoop(accessQueue, options);
}
