// Wakes this process's loop of a queue, if it runs one, after a change made one of its jobs due: the worker polls now
// instead of after its pause. A tiny module without any queue's code, so a use-case or a route wakes a queue without
// loading its worker (and the document write path never loads the SMTP code).
import { nudgePollingLoop } from "./polling-loop.ts";

/** The queues of the engine (each a JobQueue's `name`, and the prefix of its log lines). */
export type QueueName = "lgpd" | "lgpd_access" | "retention" | "email" | "webhook";

/** The key of a queue's loop in this process (polling-loop.ts). */
export const jobLoopKey = (name: QueueName) => `__docflowJobLoop:${name}`;

export function wakeQueue(...names: QueueName[]): void {
  for (const name of names) nudgePollingLoop(jobLoopKey(name));
}
