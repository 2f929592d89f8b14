import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";
import { lockedForSeconds, recordFailure, type ThrottleKey } from "../../auth/server/sign-in-throttle.ts";

// Failed tracking lookups are counted like failed sign-ins (the same shared, keyed-hash counters): per protocol
// (5 failures in 15 min lock it, the lock doubling per further failure) so one protocol's identifier cannot be
// guessed, and per client address (20) so protocols cannot be swept from one place.
export const TRACKING_LIMITS = { protocol: 5, address: 20 } as const;

export function trackingThrottleKeys(protocol: string, address: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `track-protocol:${keyedHash(protocol.trim().toUpperCase())}`, limit: TRACKING_LIMITS.protocol },
  ];
  if (address) keys.push({ key: `track-addr:${keyedHash(address)}`, limit: TRACKING_LIMITS.address });
  return keys;
}

export { lockedForSeconds as trackingLockedForSeconds, recordFailure as recordTrackingFailure };
