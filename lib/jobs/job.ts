// What every job of the engine (server/engine.ts) shares, whatever its queue: the settings the engine reads, the
// retry delay, and the text a failure leaves on the job's row and in the log. Shared: types and pure functions only,
// so each domain's config module may import it.
import { redactCpfs } from "../identifiers/identifiers.ts";

/** The settings the engine reads: a queue's settings type is this plus only its own fields (its config module). */
export type JobSettings = {
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
  /** Failed attempts after which a job gives up (its queue's `failure.giveUp`). */
  maxAttempts: number;
  /** First retry delay, doubled per failure (retryDelaySeconds). */
  retryBaseSeconds: number;
  /** Ceiling of the retry delay. */
  retryMaxSeconds: number;
};

/** Exponential backoff: base × 2^(failures − 1), bounded by `max` (seconds). Shared by every queue's retries. */
export function retryDelaySeconds(failures: number, base: number, max: number): number {
  return Math.min(base * 2 ** Math.max(failures - 1, 0), max);
}

// Error texts that may be stored on a job's row (`lastError`) and logged: short, one line, no CPF, no e-mail address
// (SMTP refusals often quote the recipient), with the SQLSTATE when the database raised it.
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const text =
    redactCpfs(message)
      .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "***")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 300) || "Unknown error";
  return code && /^[0-9A-Z]{5}$/.test(code) ? `${text} (SQLSTATE ${code})` : text;
}
