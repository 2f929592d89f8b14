// Wakes this process's outbox loop (processor.ts), if it runs one, after a change queued a message: a tiny module so
// the document write path does not load the SMTP code.
export const OUTBOX_LOOP_KEY = "__docflowOutboxLoop";

export function nudgeOutbox(): void {
  (globalThis as { [OUTBOX_LOOP_KEY]?: { nudge: () => void } })[OUTBOX_LOOP_KEY]?.nudge();
}
