import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";
import { lockedForSeconds, recordFailure, type ThrottleKey } from "../../auth/server/sign-in-throttle.ts";

// Failed tracking lookups are counted like failed sign-ins (the same shared, keyed-hash counters): per protocol *from
// one address* (5 failures in 15 min lock that pair, the lock doubling per further failure) so one protocol's
// identifier cannot be guessed from there, and per client address (20) so protocols cannot be swept from one place.
// Never per protocol alone: protocols are sequential, so a stranger could otherwise lock any customer out of their
// own page; the customer's lookup from their own address answers whatever others did (docs/reliability.md).
export const TRACKING_LIMITS = { protocolFromAddress: 5, address: 20 } as const;

export function trackingThrottleKeys(protocol: string, address: string | null): ThrottleKey[] {
  // No address (not behind a socket we can read): the protocol alone is the only key left to brake on.
  const from = address ? keyedHash(address) : "unknown";
  const keys: ThrottleKey[] = [
    {
      key: `track-protocol-addr:${keyedHash(`${protocol.trim().toUpperCase()}\n${from}`)}`,
      limit: TRACKING_LIMITS.protocolFromAddress,
    },
  ];
  if (address) keys.push({ key: `track-addr:${from}`, limit: TRACKING_LIMITS.address });
  return keys;
}

export { lockedForSeconds as trackingLockedForSeconds, recordFailure as recordTrackingFailure };
