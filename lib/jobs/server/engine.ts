// The job engine: queues whose jobs are rows of a table (lease.ts), claimed by any number of workers, run under a
// heartbeat with per-key concurrency inside a global cap (keyedLimiter, below). A queue says how to claim its rows, how
// to run one and how its failed attempts end; the engine owns the rest of a job's life: the lease (claim, heartbeat,
// renewal under a run's own row lock: holdLease), the outcomes "lost", "retry" and gave-up, the backoff, the loop
// and its logs. The queues: LGPD deletions (lib/lgpd/server/deletion-queue.ts) and access packages (access-queue.ts),
// retention runs (lib/retention/server/retention-queue.ts), e-mails (lib/outbox/server/email-queue.ts) and webhook
// deliveries (lib/webhooks/server/delivery-queue.ts).
import "server-only";
import { log } from "../../log.ts";
import { defaultSession, type Sql, type SqlSession } from "../../db/sql-session.ts";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { describeFailure, retryDelaySeconds, type JobSettings } from "../job.ts";
import { scheduleRetry, startLeaseHeartbeat, type JobTable } from "./lease.ts";
import { jobLoopKey, startPollingLoop, type PollingLoop, type QueueName } from "../polling-loop.ts";

export type { JobSettings };

export type JobContext<Settings> = { session: SqlSession; owner: string; settings: Settings; table: JobTable };

/**
 * Thrown inside a run when the job's lease is no longer this worker's (it lapsed and another worker may hold it):
 * the engine answers "lost" and writes nothing more — the new owner decides. `details` go to the log line.
 */
export class LeaseLostError extends Error {
  constructor(readonly details: Record<string, number> = {}) {
    super("The job's lease is no longer ours");
  }
}

/** Another worker owns the job now (our lease lapsed), or its outcome could not be recorded. */
export type LostOutcome = { id: number; outcome: "lost" };
/** A failed attempt that will be tried again after the backoff. */
export type RetryOutcome = { id: number; outcome: "retry"; attempts: number; error: string };
/** A job that gave up: its queue's final state ("error", "failed"). */
export type GaveUpOutcome<GaveUp extends string> = { id: number; outcome: GaveUp; attempts: number; error: string };
export type FailureOutcome<GaveUp extends string> = RetryOutcome | GaveUpOutcome<GaveUp> | LostOutcome;
/** What running a job of a queue can come to: its own outcomes, "lost", and with a failure policy retry and give-up. */
export type QueueOutcome<Outcome, GaveUp extends string> =
  Outcome | ([GaveUp] extends [never] ? LostOutcome : FailureOutcome<GaveUp>);

type ClaimableJob = { id: number; attempts: number };

/**
 * How a queue's failed attempts end. A run that throws (anything but LeaseLostError) failed its attempt: the engine
 * counts it and makes the job due again after the backoff, or — after `maxAttempts`, or at once when `final` says
 * so — calls `giveUp`. Every write only while the lease is ours.
 */
export type FailurePolicy<Job, Settings, GaveUp extends string> = {
  /** The outcome of a job that gave up: the status its row takes. */
  gaveUp: GaveUp;
  /**
   * Whether this error is a failed attempt (default: every error). Any other is a crash: nothing is written, the lease
   * lapses and the row decides what happens next (an e-mail whose send may have happened must not be retried).
   */
  attempt?: (error: unknown) => boolean;
  /** Whether this failure ends the job at once (a permanent refusal, a job that cannot run). */
  final?: (job: Job, error: unknown, next: { attempts: number; delaySeconds: number }) => boolean;
  /** The queue's own columns written with a retry (SQL `SET` items, their parameters from $6). */
  retrySets?: (job: Job, error: unknown) => { sets: string; params: unknown[] };
  /** Writes the job's final state where `leaseOwner` is still ours; answers whether it was. */
  giveUp: (
    job: Job,
    failure: { attempts: number; reason: string; error: unknown },
    context: JobContext<Settings>,
  ) => Promise<boolean>;
};

export type JobQueue<
  Job extends ClaimableJob,
  Outcome extends { id: number; outcome: string },
  Settings extends JobSettings,
  GaveUp extends string = never,
> = {
  /** Names the queue in logs (`<name>.loop_started`, `<name>.lease_lost`, …) and its loop (wakeQueue). */
  name: QueueName;
  table: JobTable;
  settings: () => Settings;
  /** Leases up to `limit` due jobs to `owner`, leaving out those whose key is in `saturatedKeys`. */
  claim: (
    session: SqlSession,
    options: { owner: string; limit: number; settings: Settings; saturatedKeys: string[] },
  ) => Promise<Job[]>;
  /** The concurrency key of a job (default: one key for the whole queue). */
  keyOf?: (job: Job) => string;
  /**
   * Runs one claimed job and records its outcome, only while the lease is ours. Throws LeaseLostError when it finds
   * the lease gone; any other error is a failed attempt (`failure`), or for a queue without a failure policy a crash
   * whose job waits for its lease to lapse.
   */
  run: (job: Job, context: JobContext<Settings>) => Promise<Outcome>;
  failure?: FailurePolicy<Job, Settings, GaveUp>;
  /** Called after each job (metrics). */
  finished?: (job: Job, outcome: QueueOutcome<Outcome, GaveUp>, seconds: number) => void;
};

/**
 * Locks the job's row for the caller's transaction and renews its lease — only while the lease is still ours; throws
 * LeaseLostError otherwise. The heartbeat skips a locked row (SKIP LOCKED), so a run that holds its
 * row across batches renews its lease here, or it would lapse mid-run. `where` adds the queue's own conditions
 * (columns of the job's row, unqualified).
 */
export async function holdLease(sql: Sql, context: JobContext<JobSettings>, id: number, where?: string): Promise<void> {
  // Ours while `leaseOwner` is: a claim replaces it, and no claim passes the row lock this statement takes.
  const own = await sql(
    `UPDATE "${context.table}" SET "leaseUntil" = now() + make_interval(secs => $3)
      WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'${where ? ` AND (${where})` : ""}
      RETURNING id`,
    [id, context.owner, context.settings.leaseSeconds],
  );
  if (own.rowCount === 0) throw new LeaseLostError();
}

function lost<Job extends ClaimableJob>(queue: { name: string }, job: Job, owner: string, error: LeaseLostError) {
  log.warn(`${queue.name}.lease_lost`, { job_id: job.id, owner, ...error.details });
  return { id: job.id, outcome: "lost" } as const;
}

/** Seconds before the next attempt after `failures` failed ones: the queue's base, doubled per failure, capped. */
export const retryDelay = (failures: number, settings: JobSettings) =>
  retryDelaySeconds(failures, settings.retryBaseSeconds, settings.retryMaxSeconds);

/** A failed attempt: retried after the backoff, or given up (the queue's policy), only while the lease is ours. */
async function recordFailure<Job extends ClaimableJob, Settings extends JobSettings, GaveUp extends string>(
  queue: { name: string; table: JobTable; failure: FailurePolicy<Job, Settings, GaveUp> },
  job: Job,
  error: unknown,
  context: JobContext<Settings>,
): Promise<FailureOutcome<GaveUp>> {
  const { session, owner, settings } = context;
  const policy = queue.failure;
  const attempts = job.attempts + 1;
  const reason = describeFailure(error);
  log.error(`${queue.name}.attempt_failed`, { job_id: job.id, owner, attempts, error: reason });
  try {
    const delaySeconds = retryDelay(attempts, settings);
    if (attempts >= settings.maxAttempts || policy.final?.(job, error, { attempts, delaySeconds })) {
      return (await policy.giveUp(job, { attempts, reason, error }, context))
        ? { id: job.id, outcome: policy.gaveUp, attempts, error: reason }
        : lost(queue, job, owner, new LeaseLostError());
    }
    const extra = policy.retrySets?.(job, error);
    const retryAt = await scheduleRetry(
      session,
      { table: queue.table, id: job.id, owner },
      { attempts, reason, delaySeconds, extraSets: extra?.sets, extraParams: extra?.params },
    );
    return retryAt
      ? { id: job.id, outcome: "retry", attempts, error: reason }
      : lost(queue, job, owner, new LeaseLostError());
  } catch (recordError) {
    // The lease will lapse and the job be tried again: the run's own transaction rolled back.
    log.error(`${queue.name}.failure_not_recorded`, { job_id: job.id, owner, error: describeFailure(recordError) });
    return { id: job.id, outcome: "lost" };
  }
}

const keyOf = <Job extends ClaimableJob>(queue: { name: string; keyOf?: (job: Job) => string }, job: Job) =>
  queue.keyOf?.(job) ?? queue.name;

async function runOne<
  Job extends ClaimableJob,
  Outcome extends { id: number; outcome: string },
  Settings extends JobSettings,
  GaveUp extends string,
>(
  queue: JobQueue<Job, Outcome, Settings, GaveUp>,
  job: Job,
  context: JobContext<Settings>,
): Promise<QueueOutcome<Outcome, GaveUp>> {
  const started = performance.now();
  let outcome: Outcome | FailureOutcome<GaveUp>;
  try {
    outcome = await queue.run(job, context);
  } catch (error) {
    if (error instanceof LeaseLostError) outcome = lost(queue, job, context.owner, error);
    else if (queue.failure && (queue.failure.attempt?.(error) ?? true))
      outcome = await recordFailure({ ...queue, failure: queue.failure }, job, error, context);
    else {
      // Its bookkeeping failed: the lease lapses and the row decides what happens next.
      log.error(`${queue.name}.job_crashed`, { job_id: job.id, owner: context.owner, error: describeFailure(error) });
      outcome = { id: job.id, outcome: "lost" };
    }
  }
  queue.finished?.(job, outcome as QueueOutcome<Outcome, GaveUp>, (performance.now() - started) / 1000);
  return outcome as QueueOutcome<Outcome, GaveUp>;
}

/** Runs one job this worker already holds (claimed by `claim`), as a poll would: for tests and benchmarks. */
export async function runClaimedJob<
  Job extends ClaimableJob,
  Outcome extends { id: number; outcome: string },
  Settings extends JobSettings,
  GaveUp extends string,
>(
  queue: JobQueue<Job, Outcome, Settings, GaveUp>,
  job: Job,
  options: { owner: string; session?: SqlSession; settings?: Partial<Settings> },
): Promise<QueueOutcome<Outcome, GaveUp>> {
  const session = options.session ?? (await defaultSession());
  const settings = { ...queue.settings(), ...options.settings };
  return runOne(queue, job, { session, owner: options.owner, settings, table: queue.table });
}

/**
 * Claims the due jobs (up to `limit`) and runs them within the queue's concurrency, renewing the leases of those
 * still waiting until all are through. Answers what happened to each, in the order they finished.
 */
export async function runDueJobs<
  Job extends ClaimableJob,
  Outcome extends { id: number; outcome: string },
  Settings extends JobSettings,
  GaveUp extends string,
>(
  queue: JobQueue<Job, Outcome, Settings, GaveUp>,
  options: { owner: string; session?: SqlSession; settings?: Partial<Settings>; limit?: number },
): Promise<{ claimed: number; results: Array<QueueOutcome<Outcome, GaveUp>> }> {
  const session = options.session ?? (await defaultSession());
  const settings = { ...queue.settings(), ...options.settings };
  const context = { session, owner: options.owner, settings, table: queue.table };
  const claimed = await queue.claim(session, {
    owner: options.owner,
    limit: options.limit ?? settings.batchSize,
    settings,
    saturatedKeys: [],
  });
  const results: Array<QueueOutcome<Outcome, GaveUp>> = [];
  if (claimed.length === 0) return { claimed: 0, results };
  const heartbeat = startLeaseHeartbeat(session, {
    queue: queue.name,
    table: queue.table,
    owner: options.owner,
    leaseSeconds: settings.leaseSeconds,
    everySeconds: settings.heartbeatSeconds,
    ids: claimed.map((job) => job.id),
  });
  const limiter = keyedLimiter({ max: settings.concurrency, perKey: settings.perKeyConcurrency });
  try {
    await Promise.all(
      claimed.map((job) =>
        limiter.run(keyOf(queue, job), async () => {
          results.push(await runOne(queue, job, context));
          heartbeat.release(job.id);
        }),
      ),
    );
  } finally {
    await heartbeat.stop();
  }
  return { claimed: claimed.length, results };
}

/**
 * A worker's loop over one queue (one per process and queue; a second call returns the running one). Each poll
 * claims as many jobs as there are free slots, leaving out keys with none, and starts them without waiting: a slow
 * key keeps its own slots busy while the others' jobs keep flowing. A job that finishes asks for the next poll at
 * once; so does a full claim. `stop` waits for the jobs in progress. `unref` lets the process exit around it.
 */
export function startJobLoop<
  Job extends ClaimableJob,
  Outcome extends { id: number; outcome: string },
  Settings extends JobSettings,
  GaveUp extends string,
>(queue: JobQueue<Job, Outcome, Settings, GaveUp>, options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  const owner = options.owner ?? workerOwnerId();
  const inProgress = new Set<Promise<unknown>>();
  let limiter: KeyedLimiter | undefined;
  let heartbeat: ReturnType<typeof startLeaseHeartbeat> | undefined;
  let session: SqlSession | undefined;

  const poll = async (loop: () => PollingLoop | undefined): Promise<boolean> => {
    try {
      session ??= await defaultSession();
      const settings = queue.settings();
      limiter ??= keyedLimiter({ max: settings.concurrency, perKey: settings.perKeyConcurrency });
      const free = settings.concurrency - limiter.size();
      if (free <= 0) return false;
      const limit = Math.min(free, settings.batchSize);
      const claimed = await queue.claim(session, { owner, limit, settings, saturatedKeys: limiter.saturatedKeys() });
      if (claimed.length === 0) return false;
      heartbeat ??= startLeaseHeartbeat(session, {
        queue: queue.name,
        table: queue.table,
        owner,
        leaseSeconds: settings.leaseSeconds,
        everySeconds: settings.heartbeatSeconds,
      });
      const context = { session, owner, settings, table: queue.table };
      for (const job of claimed) {
        heartbeat.hold(job.id);
        const running = limiter
          .run(keyOf(queue, job), () => runOne(queue, job, context))
          .finally(() => {
            heartbeat?.release(job.id);
            inProgress.delete(running);
            loop()?.nudge();
          });
        inProgress.add(running);
      }
      return claimed.length >= limit;
    } catch (error) {
      log.error(`${queue.name}.poll_failed`, { owner, error: describeFailure(error) });
      return false;
    }
  };

  const started: { loop?: PollingLoop } = {};
  const loop = startPollingLoop(jobLoopKey(queue.name), {
    owner,
    unref: options.unref,
    pollSeconds: () => queue.settings().pollSeconds,
    poll: () => poll(() => started.loop),
    onStart: () => log.info(`${queue.name}.loop_started`, { owner, poll_seconds: queue.settings().pollSeconds }),
    onStopping: async () => {
      await Promise.allSettled([...inProgress]);
      await heartbeat?.stop();
    },
    onStop: () => log.info(`${queue.name}.loop_stopped`, { owner }),
  });
  started.loop = loop;
  return loop;
}

// Who holds a lease: one id per worker process (and per loop start), written into the leased rows' "leaseOwner".
export function workerOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

// Runs tasks at most `max` at a time overall and at most `perKey` at a time per key (a webhook endpoint, the SMTP
// server): one slow key holds its own slots only, never the others'. Tasks wait in arrival order. Hand-written (see
// docs/decisions/0010-job-engine.md): p-limit has no keys, and Bottleneck's groups bring timers and Redis options
// we do not need for a few counters.
export type KeyedLimiter = {
  run: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  /** Keys with no free slot right now (a claim can leave their jobs for later). */
  saturatedKeys: () => string[];
  /** Tasks running or waiting. */
  size: () => number;
};

export function keyedLimiter(options: { max: number; perKey: number }): KeyedLimiter {
  const running = new Map<string, number>();
  let total = 0;
  const waiting: Array<{ key: string; start: () => void }> = [];

  const canStart = (key: string) => total < options.max && (running.get(key) ?? 0) < options.perKey;
  const startNext = () => {
    for (let index = 0; index < waiting.length;) {
      const next = waiting[index]!;
      if (!canStart(next.key)) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      next.start();
    }
  };

  return {
    run: (key, task) =>
      new Promise((resolve, reject) => {
        const start = () => {
          total += 1;
          running.set(key, (running.get(key) ?? 0) + 1);
          task()
            .then(resolve, reject)
            .finally(() => {
              total -= 1;
              const left = running.get(key)! - 1;
              if (left === 0) running.delete(key);
              else running.set(key, left);
              startNext();
            });
        };
        if (canStart(key) && waiting.length === 0) start();
        else {
          waiting.push({ key, start });
          startNext();
        }
      }),
    saturatedKeys: () => [...running].filter(([, count]) => count >= options.perKey).map(([key]) => key),
    size: () => total + waiting.length,
  };
}
