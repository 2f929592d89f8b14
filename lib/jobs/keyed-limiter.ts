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
