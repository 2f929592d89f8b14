import "server-only";
import { brakeAddress } from "../../auth/server/client-address.ts";
import { keyedHash } from "../../auth/server/secrets.ts";
import { lockedForSeconds, recordFailure, type ThrottleKey } from "../../auth/server/sign-in-throttle.ts";

// Failed tracking lookups are counted like failed sign-ins (the same shared, keyed-hash counters): per protocol *from
// one address* (5 failures in 15 min lock that pair, the lock doubling per further failure) so one protocol's
// identifier cannot be guessed from there, and per client address (20) so protocols cannot be swept from one place.
// An IPv6 client is one /64 (brakeAddress): a home or server holds a whole /64, so per /128 it had 2^64 addresses.
// Never a lock per protocol alone: protocols are sequential, so a stranger could otherwise lock any customer out of
// their own page. What a protocol gets instead is a ceiling (30 failures from anywhere in 15 min): the form stops
// answering for that protocol — the right CPF included, else it would tell it apart — and says to use the link of the
// customer's e-mail, which keeps working (docs/reliability.md).
export const TRACKING_LIMITS = { protocolFromAddress: 5, address: 20, protocol: 30 } as const;

/** The protocol as the lookup matches it: letters and digits only, so punctuation does not make a new counter. */
const protocolKey = (protocol: string) => protocol.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

/** The counters of one client: the (protocol, address) pair and the address. */
export function trackingThrottleKeys(protocol: string, address: string | null): ThrottleKey[] {
  // No address (not behind a socket we can read): the protocol alone is the only key left to brake on.
  const client = brakeAddress(address);
  const from = client ? keyedHash(client) : "unknown";
  const keys: ThrottleKey[] = [
    {
      key: `track-protocol-addr:${keyedHash(`${protocolKey(protocol)}\n${from}`)}`,
      limit: TRACKING_LIMITS.protocolFromAddress,
    },
  ];
  if (client) keys.push({ key: `track-addr:${from}`, limit: TRACKING_LIMITS.address });
  return keys;
}

/** The protocol's ceiling across every client: past it the form is paused for that protocol (not locked for anyone). */
export function trackingProtocolCeilingKey(protocol: string): ThrottleKey {
  return { key: `track-protocol:${keyedHash(protocolKey(protocol))}`, limit: TRACKING_LIMITS.protocol };
}

export { lockedForSeconds as trackingLockedForSeconds, recordFailure as recordTrackingFailure };
