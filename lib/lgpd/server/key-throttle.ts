import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";
import type { ThrottleKey } from "../../auth/server/sign-in-throttle.ts";

// Wrong LGPD keys are counted like failed sign-ins, in the same shared table (every app server sees the counters):
// per client address (10 failures in 15 minutes) and per instance slug (100, so a guesser spread over many
// addresses is slowed too). At the limit the key locks for 1 minute, doubling up to 1 hour; while locked every
// request from that address or to that instance answers 429, the right key included (else the lock would be a
// yes/no oracle). Keys are keyed hashes: no readable address or slug is stored.
export const LGPD_KEY_FAILURE_LIMITS = { address: 10, instance: 100 } as const;

export function lgpdThrottleKeys(address: string | null, slug: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `lgpd-instance:${keyedHash(slug)}`, limit: LGPD_KEY_FAILURE_LIMITS.instance }];
  if (address) keys.push({ key: `lgpd-addr:${keyedHash(address)}`, limit: LGPD_KEY_FAILURE_LIMITS.address });
  return keys;
}
