// A busy server (503) or a brake (429) that says when to come back (Retry-After) is asked again then, by TanStack
// Query's own retry: the 503 means nothing was done (lib/http/server/api-route.ts), so a change is retried too.
// While it waits, components/layout/busy-server-notice.tsx tells the person so, with the seconds left.
import { ApiClientError } from "./fetch-json.ts";

/** How many times a busy answer is asked again before its error is shown. */
export const BUSY_RETRIES = 3;
/** A Retry-After beyond this is not waited for in the page: the error is shown instead. */
export const BUSY_MAX_WAIT_SECONDS = 60;

/** The seconds to wait before asking again, when `error` is a busy answer worth waiting for; null otherwise. */
export function busyWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiClientError)) return null;
  if (error.status !== 503 && error.status !== 429) return null;
  const seconds = error.retryAfterSeconds;
  if (seconds === null || seconds > BUSY_MAX_WAIT_SECONDS) return null;
  return seconds;
}

/** Queries: a busy answer up to BUSY_RETRIES times, any other failure once (as before). */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return busyWaitSeconds(error) !== null ? failureCount < BUSY_RETRIES : failureCount < 1;
}

/** Changes: only a busy answer (nothing was done), never another failure (it may have been half done elsewhere). */
export function retryMutation(failureCount: number, error: unknown): boolean {
  return busyWaitSeconds(error) !== null && failureCount < BUSY_RETRIES;
}

/** The wait before attempt `failureCount`: the server's Retry-After, else TanStack Query's default backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  const seconds = busyWaitSeconds(error);
  return seconds !== null ? seconds * 1000 : Math.min(1000 * 2 ** failureCount, 30_000);
}
