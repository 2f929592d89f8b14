// Wakes this process's e-mail and webhook-delivery loops, if it runs them, after a change queued a message (both
// queues read the outbox's table).
import { wakeQueue } from "../jobs/polling-loop.ts";

export function nudgeOutbox(): void {
  wakeQueue("email", "webhook");
}
