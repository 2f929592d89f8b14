// The job engine: queues whose jobs are rows of a table (lease.ts), claimed by any number of workers, run under a
// heartbeat with per-key concurrency inside a global cap (keyed-limiter.ts). A queue says how to claim its rows and
// how to run one; the engine owns the lease's life, the concurrency, the loop and its logs. Used by the LGPD
// deletions (lib/lgpd/server/deletion-queue.ts) and the outbox (lib/outbox/server/email-queue.ts).
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import { log } from "../../log.ts";
import { defaultSession, type SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../describe-failure.ts";
import { keyedLimiter, type KeyedLimiter } from "../keyed-limiter.ts";
import { startLeaseHeartbeat, type JobTable } from "./lease.ts";
import { workerOwnerId } from "./owner.ts";
import { startPollingLoop, type PollingLoop } from "../polling-loop.ts";

type EngineSettings = {
  /** How long a claim lasts without renewal. */
  leaseSeconds: number;
  /** Lease renewal period. */
  heartbeatSeconds: number;
  /** Jobs claimed per poll. */
  batchSize: number;
  /** Pause between polls when idle. */
  pollSeconds: number;
  /** Jobs run at once by one worker. */
  concurrency: number;
  /** Jobs of one key (see JobQueue.keyOf) run at once by one worker. */
  perKeyConcurrency: number;
};

export type JobContext<Settings> = { session: SqlSession; owner: string; settings: Settings };

export type JobQueue<Job extends { id: number }, Outcome, Settings extends EngineSettings> = {
  /** Names the queue in logs (`<name>.loop_started`, …). */
  name: string;
  table: JobTable;
  settings: () => Settings;
  /** Leases up to `limit` due jobs to `owner`, leaving out those whose key is in `saturatedKeys`. */
  claim: (
    session: SqlSession,
    options: { owner: string; limit: number; settings: Settings; saturatedKeys: string[] },
  ) => Promise<Job[]>;
  /** The concurrency key of a job (default: one key for the whole queue). */
  keyOf?: (job: Job) => string;
  /** Runs one claimed job and records its outcome, only while the lease is ours. */
  run: (job: Job, context: JobContext<Settings>) => Promise<Outcome>;
  /** The outcome of a job whose run threw (its bookkeeping failed): the lease lapses and the row decides what next. */
  crashed: (job: Job, error: unknown, context: JobContext<Settings>) => Outcome;
  /** Called after each job (metrics). */
  finished?: (job: Job, outcome: Outcome, seconds: number) => void;
};

const keyOf = <Job extends { id: number }>(queue: { name: string; keyOf?: (job: Job) => string }, job: Job) =>
  queue.keyOf?.(job) ?? queue.name;

async function runOne<Job extends { id: number }, Outcome, Settings extends EngineSettings>(
  queue: JobQueue<Job, Outcome, Settings>,
  job: Job,
  context: JobContext<Settings>,
): Promise<Outcome> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await queue.run(job, context);
  } catch (error) {
    log.error(`${queue.name}.job_crashed`, { job_id: job.id, owner: context.owner, error: describeFailure(error) });
    outcome = queue.crashed(job, error, context);
  }
  queue.finished?.(job, outcome, (performance.now() - started) / 1000);
  return outcome;
}

/**
 * Claims the due jobs (up to `limit`) and runs them within the queue's concurrency, renewing the leases of those
 * still waiting until all are through. Answers what happened to each, in the order they finished.
 */
export async function runDueJobs<Job extends { id: number }, Outcome, Settings extends EngineSettings>(
  queue: JobQueue<Job, Outcome, Settings>,
  options: { owner: string; session?: SqlSession; settings?: Partial<Settings>; limit?: number },
): Promise<{ claimed: number; results: Outcome[] }> {
  const session = options.session ?? (await defaultSession());
  const settings = { ...queue.settings(), ...options.settings };
  const context = { session, owner: options.owner, settings };
  const claimed = await queue.claim(session, {
    owner: options.owner,
    limit: options.limit ?? settings.batchSize,
    settings,
    saturatedKeys: [],
  });
  const results: Outcome[] = [];
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
 * A worker's loop over one queue (one per process and `loopKey`; a second call returns the running one). Each poll
 * claims as many jobs as there are free slots, leaving out keys with none, and starts them without waiting: a slow
 * key keeps its own slots busy while the others' jobs keep flowing. A job that finishes asks for the next poll at
 * once; so does a full claim. `stop` waits for the jobs in progress. `unref` lets the process exit around it.
 */
export function startJobLoop<Job extends { id: number }, Outcome, Settings extends EngineSettings>(
  queue: JobQueue<Job, Outcome, Settings>,
  options: { loopKey: string; owner?: string; unref?: boolean },
): PollingLoop {
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
      const context = { session, owner, settings };
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
  const loop = startPollingLoop(options.loopKey, {
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
