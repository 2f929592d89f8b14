// Leases on job rows. A job table has `status` ('pending' while it waits or runs), "notBefore", "leaseOwner",
// "leaseUntil", attempts and "lastError" (LgpdRequest, OutboxMessage). A worker claims due rows with
// `FOR UPDATE SKIP LOCKED` and a short lease, renews the lease by a heartbeat while it holds them, and writes every
// outcome only where the lease is still its own ("lost" otherwise): an expired lease is claimable again, so a dead
// worker's jobs resume within one lease, and a worker whose lease was taken over cannot overwrite the new owner's work.
import "server-only";
import { log } from "../../log.ts";
import type { SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../job.ts";

export type JobTable = "LgpdRequest" | "OutboxMessage" | "LgpdAccessRequest" | "RetentionRule";

/**
 * Reserves up to `limit` due rows of `table` for `owner` for `leaseSeconds`; rows leased to others (or locked) are
 * skipped. `where` narrows the candidates (alias `j`, its own parameters from $4 in `params`); `returning` lists the
 * columns answered. Rows come back in id order.
 */
export async function claimLeased<Row extends { id: number }>(
  session: SqlSession,
  options: {
    table: JobTable;
    owner: string;
    limit: number;
    leaseSeconds: number;
    returning: string;
    where?: string;
    params?: unknown[];
  },
): Promise<Row[]> {
  // The due times are timestamptz(3): `now()` written there was rounded to the millisecond, up half the time, so
  // a row made due "now" a fraction of a millisecond ago would still be later than this claim's now(). Comparing at
  // the columns' precision keeps "due now" due (rounding keeps the order of two instants).
  const { rows } = await session.query<Row>(
    `UPDATE "${options.table}"
        SET "leaseOwner" = $1, "leaseUntil" = now() + make_interval(secs => $2)
      WHERE id IN (
        SELECT j.id FROM "${options.table}" j
         WHERE j.status = 'pending' AND j."notBefore" <= now()::timestamptz(3)
           AND (j."leaseUntil" IS NULL OR j."leaseUntil" <= now()::timestamptz(3))
           ${options.where ? `AND (${options.where})` : ""}
         ORDER BY j."notBefore", j.id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING ${options.returning}`,
    [options.owner, options.leaseSeconds, options.limit, ...(options.params ?? [])],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A failed attempt that will be tried again: counts it, keeps the reason, sets the next due time `delaySeconds` from
 * now and lets the lease go — only while the lease is `owner`'s. `extraSets` adds queue-specific columns (their
 * parameters from $6 in `extraParams`). Answers when the job is due again, or null when the lease was lost.
 */
export async function scheduleRetry(
  session: SqlSession,
  job: { table: JobTable; id: number; owner: string },
  outcome: { attempts: number; reason: string; delaySeconds: number; extraSets?: string; extraParams?: unknown[] },
): Promise<Date | null> {
  const { rows } = await session.query<{ notBefore: Date }>(
    `UPDATE "${job.table}"
        SET attempts = $3, "lastError" = $4, "notBefore" = now() + make_interval(secs => $5),
            "leaseOwner" = NULL, "leaseUntil" = NULL${outcome.extraSets ? `, ${outcome.extraSets}` : ""}
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'
      RETURNING "notBefore"`,
    [job.id, job.owner, outcome.attempts, outcome.reason, outcome.delaySeconds, ...(outcome.extraParams ?? [])],
  );
  return rows[0] ? new Date(rows[0].notBefore) : null;
}

type LeaseHeartbeat = {
  /** Starts renewing this job's lease (it was claimed). */
  hold: (id: number) => void;
  /** Stops renewing this job's lease (it was processed). */
  release: (id: number) => void;
  /** Stops renewing, waiting for a renewal in flight. */
  stop: () => Promise<void>;
};

/**
 * Every `everySeconds`, pushes the leases `owner` still holds on `table` to now + `leaseSeconds`, so a live worker
 * keeps its claims however long its work takes, while a dead one's expire within `leaseSeconds`. Only unexpired
 * leases of this owner are renewed: one that lapsed (renewals failing, the database unreachable) stays lapsed, and
 * if another worker claims it, this one's processing finds the job no longer its own and stops ("lost"). A job being
 * processed in a transaction that locks its row is skipped (SKIP LOCKED): no claim can pass that lock either. A
 * failed renewal is logged (`jobs.lease_renewal_failed`, with the queue) and retried at the next beat.
 */
export function startLeaseHeartbeat(
  session: SqlSession,
  options: {
    queue: string;
    table: JobTable;
    owner: string;
    leaseSeconds: number;
    everySeconds: number;
    ids?: number[];
  },
): LeaseHeartbeat {
  const held = new Set(options.ids ?? []);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const beat = async () => {
    if (held.size === 0) return;
    try {
      await session.query(
        `UPDATE "${options.table}" SET "leaseUntil" = now() + make_interval(secs => $3)
          WHERE id IN (
            SELECT id FROM "${options.table}"
             WHERE id = ANY($1::text::int[]) AND "leaseOwner" = $2 AND status = 'pending' AND "leaseUntil" > now()
             FOR UPDATE SKIP LOCKED)`,
        [`{${[...held].join(",")}}`, options.owner, options.leaseSeconds],
      );
    } catch (error) {
      log.warn("jobs.lease_renewal_failed", {
        queue: options.queue,
        owner: options.owner,
        error: describeFailure(error),
      });
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
    hold: (id) => held.add(id),
    release: (id) => held.delete(id),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
