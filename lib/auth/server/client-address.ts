import "server-only";
import ipaddr from "ipaddr.js";
import { normalizeAddress, PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "../../http/server/peer-stamp.ts";
import { config } from "../../config/index.ts";

// Who is calling, for throttles and HSTS. With no proxy trusted (the default) only the socket is believed — the
// peer address and TLS flag lib/http/server/peer-stamp.ts stamps on every request — and X-Forwarded-* from the client are
// ignored. TRUST_PROXY=<n> says n proxies of ours stand in front, each appending the address it saw to
// X-Forwarded-For: the client is then the n-th address from the right of that list plus the peer, and the protocol
// the one the outermost proxy reported in X-Forwarded-Proto (and the host in X-Forwarded-Host). Anything further left
// was written by the client.

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

/** Proxy hops trusted in front of the app: TRUST_PROXY as a whole number (`true` = 1); unset, 0 or invalid = none. */
export function trustedProxyHops(): number {
  return config("TRUST_PROXY");
}

function header(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  const raw = headers instanceof Headers ? headers.get(name) : headers[name];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  return value?.trim() ? value.trim() : null;
}

const list = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The caller's address (at most 100 characters), or null when the request carries no peer stamp. */
export function clientAddress(headers: HeaderSource): string | null {
  const peer = header(headers, PEER_ADDRESS_HEADER);
  if (!peer) return null;
  const hops = trustedProxyHops();
  if (hops === 0) return peer.slice(0, 100);
  const chain = [...list(header(headers, "x-forwarded-for")), peer];
  const client = chain[Math.max(0, chain.length - 1 - hops)]!;
  return normalizeAddress(client).slice(0, 100);
}

/** `https` or `http` as the client used it: the socket's, or the trusted proxy's X-Forwarded-Proto. */
export function clientProtocol(headers: HeaderSource): "https" | "http" {
  const peer = header(headers, PEER_PROTO_HEADER);
  const hops = trustedProxyHops();
  if (hops > 0) {
    const forwarded = list(header(headers, "x-forwarded-proto"));
    const outermost = forwarded[Math.max(0, forwarded.length - hops)];
    if (outermost) return outermost.toLowerCase() === "https" ? "https" : "http";
  }
  return peer === "https" ? "https" : "http";
}

/**
 * The host the client addressed: the outermost trusted proxy's X-Forwarded-Host with TRUST_PROXY, else the Host
 * header. Without a trusted proxy a client's own X-Forwarded-Host is ignored, like its X-Forwarded-For: it is one
 * header away from passing the same-origin check with another site's Origin.
 */
export function clientHost(headers: HeaderSource): string | null {
  const hops = trustedProxyHops();
  if (hops > 0) {
    const forwarded = list(header(headers, "x-forwarded-host"));
    const outermost = forwarded[Math.max(0, forwarded.length - hops)];
    if (outermost) return outermost.toLowerCase();
  }
  return header(headers, "host")?.toLowerCase() ?? null;
}

/**
 * What a brake counts of a client address: an IPv4 address (or an IPv4-mapped IPv6 one) as it is, an IPv6 address by
 * its /64 — the network one home, phone or server is given, so counting per /128 would hand one client 2^64 fresh
 * counters. Anything else (no peer stamp, an unreadable value) is passed on as it is.
 */
export function brakeAddress(address: string | null): string | null {
  if (!address || !ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
