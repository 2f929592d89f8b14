import "server-only";
import { brakeAddress } from "../../auth/server/client-address.ts";
import { keyedHash } from "../../auth/server/secrets.ts";
import type { ThrottleKey } from "../../auth/server/sign-in-throttle.ts";

// Wrong LGPD keys are counted like failed sign-ins, in the same shared table (every app server sees the counters):
// per client address (an IPv6 client per /64; 10 failures in 15 minutes) and per (instance, the presented key's first
// characters) (10), so one stale or partly known key varied at its end is braked wherever it comes from. At the limit
// the counter locks for 1 minute, doubling up to 1 hour; while locked, wrong keys from that address or with that
// prefix answer 429. The right key is compared first and never refused: a key is 24 random bytes, so the lock telling
// a guesser "wrong" gives nothing, while refusing the right key let anyone switch the channel off (docs/decisions).
// There is no counter per instance alone for the same reason. Keys are keyed hashes: no address, slug or key is stored.
export const LGPD_KEY_FAILURE_LIMITS = { address: 10, keyPrefix: 10 } as const;

/** "lgpd_" and 7 random characters (42 bits): a guess shares it with the real key by chance 1 in 4 × 10^12. */
const KEY_PREFIX_LENGTH = 12;

export function lgpdThrottleKeys(address: string | null, slug: string, presentedKey: string | null): ThrottleKey[] {
  const prefix = (presentedKey ?? "").slice(0, KEY_PREFIX_LENGTH);
  const keys: ThrottleKey[] = [
    { key: `lgpd-prefix:${keyedHash(`${slug}\n${prefix}`)}`, limit: LGPD_KEY_FAILURE_LIMITS.keyPrefix },
  ];
  const from = brakeAddress(address);
  if (from) keys.push({ key: `lgpd-addr:${keyedHash(from)}`, limit: LGPD_KEY_FAILURE_LIMITS.address });
  return keys;
}
