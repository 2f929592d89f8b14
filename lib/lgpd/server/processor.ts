// The LGPD deletion worker: claims due requests under a lease, then deletes everything tied to the CPF and marks
// the request in ONE transaction, so a crash at any point loses nothing and deletes nothing twice.
//
// Claim: `FOR UPDATE SKIP LOCKED` + lease (leaseOwner, leaseUntil); an expired lease is claimable again, so a dead
// worker's requests are picked up by another. Leases are short (20 s) and renewed by a heartbeat while the worker
// works through its batch (startLeaseHeartbeat), so a dead worker's requests resume within one lease. Process: the
// transaction first locks the request row *if the lease is still ours*; a worker whose lease was taken over finds
// nothing and stops. Another worker cannot take the lease while we hold the row lock (its claim skips locked rows),
// so exactly one transaction ever commits the deletion.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { log } from "../../log.ts";
import { recordDeletion } from "../../metrics/server/metrics.ts";
import { startPollingLoop, stopPollingLoop, type PollingLoop } from "../../ops/polling-loop.ts";
import { lgpdSettings, retryDelaySeconds, type LgpdSettings } from "../config.ts";
import { candidateCondition } from "./erasure-candidates.ts";
import { ERASURE_SCOPE } from "../erasure-scope.ts";
import { maskJson, maskText, personMatcher, type PersonMatcher, type PersonTerms } from "../person-mask.ts";
import { describeFailure } from "../redact.ts";
import { queueWebhooks } from "../../webhooks/server/events.ts";
import { defaultSession, type Sql, type SqlSession } from "./sql.ts";

export type ClaimedRequest = {
  id: number;
  instanceId: number;
  cpfPending: string | null;
  attempts: number;
  requestedAt: Date;
};

export type DeletedCounts = { documents: number; observations: number; attachments: number; history: number };

export type ProcessOutcome =
  | { id: number; outcome: "done" | "not_found"; deleted: DeletedCounts }
  | { id: number; outcome: "retry"; attempts: number; retryAt: Date; error: string }
  | { id: number; outcome: "error"; attempts: number; error: string }
  /** Another worker owns the request now (our lease expired), or the outcome could not be recorded. */
  | { id: number; outcome: "lost" };

export type ProcessOptions = {
  /** Identifies this worker in leases; unique per process (see workerOwnerId). */
  owner: string;
  /** The database session; defaults to this process's connection (lib/db/client.ts). */
  session?: SqlSession;
  settings?: Partial<LgpdSettings>;
};

const ZERO: DeletedCounts = { documents: 0, observations: 0, attachments: 0, history: 0 };

export function workerOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Reserves up to `limit` due requests for `owner` for `leaseSeconds`; requests leased to others are skipped. */
export async function claimDueRequests(
  session: SqlSession,
  options: { owner: string; limit: number; leaseSeconds: number },
): Promise<ClaimedRequest[]> {
  const { rows } = await session.query<ClaimedRequest>(
    `UPDATE "LgpdRequest"
        SET "leaseOwner" = $1, "leaseUntil" = now() + make_interval(secs => $2)
      WHERE id IN (
        SELECT id FROM "LgpdRequest"
         WHERE status = 'pending' AND "notBefore" <= now()
           AND ("leaseUntil" IS NULL OR "leaseUntil" <= now())
         ORDER BY "notBefore", id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, "instanceId", "cpfPending", attempts, "requestedAt"`,
    [options.owner, options.leaseSeconds, options.limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Deletes the instance's documents whose identifier, without punctuation, is or ever was `digits` — with their
 * observations, attachments and history — and masks the person everywhere else (see eraseTiedData). Counts each
 * kind deleted. Run inside a transaction.
 */
export async function deleteTiedData(sql: Sql, instanceId: number, digits: string): Promise<DeletedCounts> {
  return (await eraseTiedData(sql, instanceId, digits)).deleted;
}

/**
 * The whole erasure, inside the caller's transaction: the documents that have or had the CPF (current
 * "cpfDigits", or a past value in their history through the lgpd_history_identifiers index) are locked and
 * deleted with their children; then, in every row of the instance that stays, the CPF in any punctuation and the
 * deleted documents' names, e-mails and phones (current and past) are replaced by a mask (erasure-scope.ts).
 * `masked` counts the rows rewritten.
 */
export async function eraseTiedData(
  sql: Sql,
  instanceId: number,
  digits: string,
): Promise<{ deleted: DeletedCounts; masked: number; documents: ErasedDocument[] }> {
  const candidates = await sql<{ id: number }>(
    `SELECT id FROM "Document" WHERE "instanceId" = $1 AND "cpfDigits" = $2
     UNION
     SELECT "documentId" FROM "DocumentHistory" WHERE "lgpd_history_identifiers"(changes) @> ARRAY[$2::text]`,
    [instanceId, digits],
  );
  const { rows } = candidates.rows.length
    ? await sql<ErasedDocument>(
        `SELECT id, uuid::text AS uuid, protocol FROM "Document"
          WHERE "instanceId" = $1 AND id = ANY($2::text::int[]) ORDER BY id FOR UPDATE`,
        [instanceId, idArray(candidates.rows)],
      )
    : { rows: [] };
  // The documents are locked: nothing can attach new rows to them until we commit.
  const ids = idArray(rows);
  const terms = rows.length ? await personTermsOf(sql, ids) : { names: [], emails: [], phones: [] };
  let deleted = { ...ZERO };
  if (rows.length) {
    const remove = async (table: string, column: string) =>
      (await sql(`DELETE FROM "${table}" WHERE "${column}" = ANY($1::text::int[])`, [ids])).rowCount;
    const observations = await remove("Observation", "documentId");
    const attachments = await remove("Attachment", "documentId");
    const history = await remove("DocumentHistory", "documentId");
    const documents = await remove("Document", "id");
    deleted = { documents, observations, attachments, history };
  }
  const matcher = personMatcher({ cpfs: [digits], ...terms });
  const masked = matcher ? await maskRemainingRows(sql, instanceId, matcher) : 0;
  return { deleted, masked, documents: rows.map(({ id, uuid, protocol }) => ({ id: Number(id), uuid, protocol })) };
}

/** A deleted document as the erasure notice names it: what receivers that were sent it hold it by. */
export type ErasedDocument = { id: number; uuid: string; protocol: string };

const idArray = (rows: { id: number }[]) => `{${rows.map((row) => Number(row.id)).join(",")}}`;

/** The names, e-mails and phones the documents have or had (their history's before/after values). */
async function personTermsOf(sql: Sql, ids: string): Promise<Omit<PersonTerms, "cpfs">> {
  const terms = { name: new Set<string>(), email: new Set<string>(), phone: new Set<string>() };
  const add = (field: string, value: unknown) => {
    if (typeof value === "string" && value.trim() && field in terms) terms[field as keyof typeof terms].add(value);
  };
  const current = await sql<{ name: string | null; email: string | null; phone: string | null }>(
    `SELECT name, email, phone FROM "Document" WHERE id = ANY($1::text::int[])`,
    [ids],
  );
  for (const row of current.rows) for (const field of ["name", "email", "phone"] as const) add(field, row[field]);
  const history = await sql<{ changes: unknown }>(
    `SELECT changes FROM "DocumentHistory" WHERE "documentId" = ANY($1::text::int[])
        AND changes::text ~ '"field": "(name|email|phone)"'`,
    [ids],
  );
  for (const row of history.rows) {
    const changes = typeof row.changes === "string" ? (JSON.parse(row.changes) as unknown) : row.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes as { field?: unknown; before?: unknown; after?: unknown }[]) {
      add(String(change?.field), change?.before);
      add(String(change?.field), change?.after);
    }
  }
  return { names: [...terms.name], emails: [...terms.email], phones: [...terms.phone] };
}

/**
 * Rewrites the `masked` columns of the instance's rows that mention the person (erasure-scope.ts): candidates are
 * found in SQL with the matcher's PostgreSQL form, masked here (JSON value by value, so it stays valid JSON).
 */
async function maskRemainingRows(sql: Sql, instanceId: number, matcher: PersonMatcher): Promise<number> {
  let rewritten = 0;
  for (const [table, rule] of Object.entries(ERASURE_SCOPE)) {
    if (!rule.masked || !rule.rows) continue;
    const columns = Object.entries(rule.masked);
    const { where, params, indexed } = candidateCondition(table, columns, matcher);
    // The planner prices the search text's expression as cheap and, when a term is common, reads the whole table
    // computing it for every row (seconds) instead of asking the trigram index: for this statement a sequential
    // scan is the last resort (SET LOCAL: this transaction only, reset right after).
    if (indexed) await sql(`SET LOCAL enable_seqscan = off`);
    const { rows } = await sql<Record<string, string | null>>(
      `SELECT id::text AS id, ${columns.map(([column]) => `"${column}"::text AS "${column}"`).join(", ")}
         FROM "${table}"
        WHERE (${rule.rows}) AND (${where})`,
      [instanceId, ...params],
    );
    if (indexed) await sql(`RESET enable_seqscan`);
    for (const row of rows) {
      const params: unknown[] = [row.id];
      const sets: string[] = [];
      for (const [column, kind] of columns) {
        const value = row[column];
        if (value == null) continue;
        const [before, after] =
          kind === "json"
            ? [JSON.stringify(JSON.parse(value)), JSON.stringify(maskJson(JSON.parse(value), matcher))]
            : [value, maskText(value, matcher)];
        if (before === after) continue;
        params.push(after);
        sets.push(`"${column}" = $${params.length}::text${kind === "json" ? "::jsonb" : ""}`);
      }
      if (sets.length === 0) continue;
      await sql(`UPDATE "${table}" SET ${sets.join(", ")} WHERE id = $1::text::bigint`, params);
      rewritten += 1;
    }
  }
  return rewritten;
}

class LeaseLostError extends Error {}

/** The lgpd.request.completed webhook: the outcome, counts, the masked CPF — never the CPF itself — and the deleted
 * documents' ids, uuids and protocols, so receivers that were sent them can erase their copies (LGPD Art. 18 §6). */
async function queueLgpdCompleted(sql: Sql, request: ClaimedRequest, data: Record<string, unknown>): Promise<void> {
  await queueWebhooks(async (text, params) => (await sql(text, params)).rows as never[], {
    instanceId: request.instanceId,
    documentId: null,
    events: [{ type: "lgpd.request.completed", data: { request_id: request.id, ...data } }],
    now: new Date(),
  });
}

/** Processes one claimed request: deletion + marking in one transaction, or the failure bookkeeping. */
export async function processClaimed(request: ClaimedRequest, options: ProcessOptions): Promise<ProcessOutcome> {
  const session = options.session ?? (await defaultSession());
  const settings = { ...lgpdSettings(), ...options.settings };
  const { owner } = options;
  const digits = request.cpfPending;
  if (!digits) {
    return recordFailure(request, new Error("The request has no CPF to process"), {
      session,
      owner,
      settings,
      final: true,
    });
  }
  try {
    const result = await session.transaction(async (sql) => {
      const own = await sql(
        `SELECT id FROM "LgpdRequest" WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending' FOR UPDATE`,
        [request.id, owner],
      );
      if (own.rowCount === 0) return null;
      const { deleted, masked, documents } = await eraseTiedData(sql, request.instanceId, digits);
      const completedAt = new Date();
      const status = deleted.documents > 0 ? "done" : "not_found";
      const details = {
        requested_at: new Date(request.requestedAt).toISOString(),
        completed_at: completedAt.toISOString(),
        deleted,
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
      await queueLgpdCompleted(sql, request, {
        status,
        cpf_masked: marked.rows[0]!.cpfMasked,
        ...details,
        documents,
      });
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
    return recordFailure(request, error, { session, owner, settings, final: false });
  }
}

function lost(request: ClaimedRequest, owner: string): ProcessOutcome {
  log.warn("lgpd.lease_lost", { lgpd_request_id: request.id, owner });
  return { id: request.id, outcome: "lost" };
}

/** A failed attempt: retry later with exponential backoff, or end in `error` after the last attempt. */
async function recordFailure(
  request: ClaimedRequest,
  error: unknown,
  context: { session: SqlSession; owner: string; settings: LgpdSettings; final: boolean },
): Promise<ProcessOutcome> {
  const { session, owner, settings } = context;
  const attempts = request.attempts + 1;
  const reason = describeFailure(error);
  log.error("lgpd.attempt_failed", { lgpd_request_id: request.id, owner, attempts, error: reason });
  try {
    if (context.final || attempts >= settings.maxAttempts) {
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
    const delay = retryDelaySeconds(attempts, settings.retryBaseSeconds, settings.retryMaxSeconds);
    const { rows } = await session.query<{ notBefore: Date }>(
      `UPDATE "LgpdRequest"
          SET attempts = $3, "lastError" = $4, "notBefore" = now() + make_interval(secs => $5),
              "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'
        RETURNING "notBefore"`,
      [request.id, owner, attempts, reason, delay],
    );
    const row = rows[0];
    if (!row) return lost(request, owner);
    return { id: request.id, outcome: "retry", attempts, retryAt: new Date(row.notBefore), error: reason };
  } catch (recordError) {
    // The lease will expire and another attempt will happen; nothing was deleted (the transaction rolled back).
    log.error("lgpd.failure_not_recorded", { lgpd_request_id: request.id, owner, error: describeFailure(recordError) });
    return { id: request.id, outcome: "lost" };
  }
}

/**
 * Claims the due requests (up to `limit`) and processes them one by one, renewing the leases of those still waiting
 * (a heartbeat) until the batch is through. Returns what happened to each.
 */
export async function processDueRequests(
  options: ProcessOptions & { limit?: number },
): Promise<{ claimed: number; results: ProcessOutcome[] }> {
  const session = options.session ?? (await defaultSession());
  const settings = { ...lgpdSettings(), ...options.settings };
  const claimed = await claimDueRequests(session, {
    owner: options.owner,
    limit: options.limit ?? settings.batchSize,
    leaseSeconds: settings.leaseSeconds,
  });
  const results: ProcessOutcome[] = [];
  if (claimed.length === 0) return { claimed: 0, results };
  const heartbeat = startLeaseHeartbeat(session, {
    owner: options.owner,
    ids: claimed.map((request) => request.id),
    leaseSeconds: settings.leaseSeconds,
    everySeconds: settings.heartbeatSeconds,
  });
  try {
    for (const request of claimed) {
      const started = performance.now();
      results.push(await processClaimed(request, { ...options, session, settings }));
      recordDeletion(results.at(-1)!.outcome, (performance.now() - started) / 1000);
      heartbeat.release(request.id);
    }
  } finally {
    await heartbeat.stop();
  }
  return { claimed: claimed.length, results };
}

export type LeaseHeartbeat = {
  /** Stops renewing this request's lease (it was processed). */
  release: (id: number) => void;
  /** Stops renewing, waiting for a renewal in flight. */
  stop: () => Promise<void>;
};

/**
 * Every `everySeconds`, pushes the lease of the requests `owner` still holds to now + `leaseSeconds`, so a live
 * worker keeps its claims however long a batch takes, while a dead one's expire within `leaseSeconds`. Only
 * unexpired leases of this owner are renewed: one that lapsed (renewals failing, the database unreachable) stays
 * lapsed, and if another worker claims it, this one's processing finds the request no longer its own and stops
 * ("lost"). The request being deleted is skipped (SKIP LOCKED): its row is locked by the deletion transaction,
 * which no claim can pass. A failed renewal is logged and retried at the next beat.
 */
export function startLeaseHeartbeat(
  session: SqlSession,
  options: {
    owner: string;
    ids: number[];
    leaseSeconds: number;
    everySeconds: number;
    /** The leased table: LgpdRequest, or the outbox's (lib/outbox/server/processor.ts), whose rows wait as `pending` too. */
    table?: "LgpdRequest" | "OutboxMessage";
  },
): LeaseHeartbeat {
  const table = options.table ?? "LgpdRequest";
  const held = new Set(options.ids);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const beat = async () => {
    if (held.size === 0) return;
    try {
      await session.query(
        `UPDATE "${table}" SET "leaseUntil" = now() + make_interval(secs => $3)
          WHERE id IN (
            SELECT id FROM "${table}"
             WHERE id = ANY($1::text::int[]) AND "leaseOwner" = $2 AND status = 'pending' AND "leaseUntil" > now()
             FOR UPDATE SKIP LOCKED)`,
        [`{${[...held].join(",")}}`, options.owner, options.leaseSeconds],
      );
    } catch (error) {
      log.warn("lgpd.lease_renewal_failed", { owner: options.owner, table, error: describeFailure(error) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        inFlight = beat().finally(schedule);
      },
      Math.max(options.everySeconds, 0.1) * 1000,
    );
    timer.unref();
  };
  schedule();
  return {
    release: (id) => held.delete(id),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}

export type DeletionLoop = PollingLoop;

const LOOP_KEY = "__docflowLgpdLoop";

/**
 * Polls for due requests every LGPD_POLL_SECONDS (at once again when a full batch was claimed). One loop per
 * process; a second call returns the running one. `unref` lets the process exit around it (app servers).
 */
export function startDeletionLoop(options: { owner?: string; unref?: boolean } = {}): DeletionLoop {
  const owner = options.owner ?? workerOwnerId();
  return startPollingLoop(LOOP_KEY, {
    owner,
    unref: options.unref,
    pollSeconds: () => lgpdSettings().pollSeconds,
    poll: async () => {
      try {
        const { batchSize } = lgpdSettings();
        const { claimed } = await processDueRequests({ owner, limit: batchSize });
        return claimed >= batchSize;
      } catch (error) {
        log.error("lgpd.poll_failed", { owner, error: describeFailure(error) });
        return false;
      }
    },
    onStart: () => log.info("lgpd.loop_started", { owner, poll_seconds: lgpdSettings().pollSeconds }),
    onStop: () => log.info("lgpd.loop_stopped", { owner }),
  });
}

export async function stopDeletionLoop(): Promise<void> {
  await stopPollingLoop(LOOP_KEY);
}
