/** Exponential backoff: base × 2^(failures − 1), bounded by `max` (seconds). Shared by every queue's retries. */
export function retryDelaySeconds(failures: number, base: number, max: number): number {
  return Math.min(base * 2 ** Math.max(failures - 1, 0), max);
}
