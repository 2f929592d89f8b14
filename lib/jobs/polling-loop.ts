// One polling loop per process and key, under every job queue's worker (engine.ts). On globalThis: the app's bundled
// copy of a module and a script's or test's copy must find the same loop. `poll` handles its own errors and answers
// whether to poll again at once; `nudge` asks for a poll now (one asked for while a poll runs follows it).
export type PollingLoop = { owner: string; nudge: () => void; stop: () => Promise<void> };

const loops = globalThis as unknown as Record<string, PollingLoop | undefined>;
/** The keys of the loops running in this process, so that shutdown can stop every one (stopAllPollingLoops). */
const running = ((globalThis as Record<string, unknown>).__docflowPollingLoopKeys ??= new Set<string>()) as Set<string>;

export function startPollingLoop(
  key: string,
  options: {
    owner: string;
    unref?: boolean;
    poll: () => Promise<boolean>;
    pollSeconds: () => number;
    onStart?: () => void;
    /** Awaited by `stop` after the last poll (the jobs still running). */
    onStopping?: () => Promise<void>;
    onStop?: () => void;
  },
): PollingLoop {
  const existing = loops[key];
  if (existing) return existing;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | null = null;
  let again = false;

  const schedule = (seconds: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, seconds * 1000);
    if (options.unref) timer.unref();
  };
  const tick = () => {
    if (current) {
      again = true;
      return;
    }
    current = (async () => {
      const now = (await options.poll()) || again;
      current = null;
      again = false;
      schedule(now ? 0 : options.pollSeconds());
    })();
  };

  const loop: PollingLoop = {
    owner: options.owner,
    nudge: () => schedule(0),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      await options.onStopping?.();
      if (loops[key] === loop) {
        delete loops[key];
        running.delete(key);
      }
      options.onStop?.();
    },
  };
  loops[key] = loop;
  running.add(key);
  options.onStart?.();
  schedule(0);
  return loop;
}

/** Asks the loop of `key`, if this process runs it, to poll now. */
export function nudgePollingLoop(key: string): void {
  loops[key]?.nudge();
}

async function stopPollingLoop(key: string): Promise<void> {
  await loops[key]?.stop();
}

/** Stops every polling loop of this process (each lets its jobs in progress commit or roll back): the app server's
 * and the worker's shutdown call this before closing the database, so that no queue is left polling a closed pool. */
export async function stopAllPollingLoops(): Promise<void> {
  await Promise.all([...running].map((key) => stopPollingLoop(key)));
}

/** The keys of the polling loops running in this process. */
export function runningPollingLoops(): string[] {
  return [...running];
}

// Waking a queue: this process's loop of it, if it runs one, polls now instead of after its pause, after a change made
// one of its jobs due. Here, beside the loops and without any queue's code, so a use-case or a route wakes a queue
// without loading its worker (and the document write path never loads the SMTP code).

/** The queues of the engine (each a JobQueue's `name`, and the prefix of its log lines). */
export type QueueName = "lgpd" | "lgpd_access" | "retention" | "email" | "webhook";

/** The key of a queue's loop in this process. */
export const jobLoopKey = (name: QueueName) => `__docflowJobLoop:${name}`;

export function wakeQueue(...names: QueueName[]): void {
  for (const name of names) nudgePollingLoop(jobLoopKey(name));
}
