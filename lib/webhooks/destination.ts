// Where a webhook may be sent. An endpoint is registered by an instance admin — a tenant, not
// the operator — so its URL must not reach the operator's own network: loopback, private, link-local (cloud metadata
// at 169.254.169.254), carrier-grade NAT, multicast, unspecified, reserved and the IPv6 tunnels/translations that wrap
// them are refused, in every spelling (the WHATWG URL parser turns 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1).
// Allowed by default, over https: IPv4 in ipaddr.js's "unicast" (public) range, and IPv6 only in 2000::/3 (global
// unicast) outside its special ranges and not an ISATAP interface id — so no IPv6 form that wraps, translates or
// retires an IPv4 address passes (::/96 IPv4-compatible, ::ffff:0:0/96 mapped, ::ffff:0:0:0/96 SIIT, 64:ff9b::/96
// and 64:ff9b:1::/48 NAT64, 2002::/16 6to4, 2001::/32 Teredo, fec0::/10 site-local), whatever address it carries.
// The operator opens the rest in two separate steps: WEBHOOK_ALLOW_CIDRS lets addresses in those ranges be connected
// to; WEBHOOK_ALLOW_HOSTS lets those names use http:// (and be names without a dot). A name never opens addresses by
// itself, so a listed name whose DNS is turned to 169.254.169.254 is still refused. (An IP literal inside an allowed
// range may use http:// too: the operator named that address.)
// Registration checks what the URL says; delivery (deliver.ts) checks again on the addresses DNS answers, pinned.
import ipaddr from "ipaddr.js";
import { config } from "../config/index.ts";

export type DestinationPolicy = { hosts: Set<string>; cidrs: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> };

const lowerCased = (items: string[]) => items.map((item) => item.toLowerCase());

/** The operator's exceptions, read on every call (tests and operators may change them without a restart). */
export function destinationPolicy(): DestinationPolicy {
  return policyOf(config("WEBHOOK_ALLOW_CIDRS"), config("WEBHOOK_ALLOW_HOSTS"));
}

/** A policy from an operator's lists of ranges and host names (the single sign-on's issuer has lists of its own). */
export function policyOf(allowCidrs: string[], allowHosts: string[]): DestinationPolicy {
  const cidrs: DestinationPolicy["cidrs"] = [];
  for (const item of lowerCased(allowCidrs)) {
    try {
      const [address, bits] = item.includes("/") ? ipaddr.parseCIDR(item) : [ipaddr.parse(item), -1];
      const parsed = address.kind() === "ipv6" ? (address as ipaddr.IPv6) : address;
      cidrs.push([parsed, bits === -1 ? (parsed.kind() === "ipv4" ? 32 : 128) : bits]);
    } catch {
      // A malformed range opens nothing.
    }
  }
  return { hosts: new Set(lowerCased(allowHosts)), cidrs };
}

/** `[::1]` → `::1` (the URL parser keeps the brackets of IPv6 hosts); `localhost.` → `localhost` (the root dot). */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();
}

/** An IP literal as ipaddr.js parses it (IPv6 kept as written, mapped forms included); null for names. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  return ipaddr.isValid(value) ? ipaddr.parse(value) : null;
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, policy: DestinationPolicy): boolean {
  return policy.cidrs.some(([range, bits]) => range.kind() === address.kind() && address.match(range as never, bits));
}

/** Whether the operator opened the address: a listed range holds it, or (its mapped form) its IPv4 address. */
function inAllowedRange(address: ipaddr.IPv4 | ipaddr.IPv6, policy: DestinationPolicy): boolean {
  if (inRange(address, policy)) return true;
  // ::ffff:a.b.c.d is a.b.c.d on a dual-stack socket: the same destination the operator named.
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? inRange((address as ipaddr.IPv6).toIPv4Address(), policy)
    : false;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/** An ISATAP interface id (RFC 5214: …:0000:5efe:a.b.c.d, u/g bits free): a tunnel endpoint named by an IPv4 address. */
const isIsatap = (address: ipaddr.IPv6) => (address.parts[4]! & 0xfcff) === 0 && address.parts[5] === 0x5efe;

/** Whether an address is public: IPv4 unicast, or IPv6 global unicast that wraps no IPv4 address. */
function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.range() !== "unicast") return false;
  if (address.kind() === "ipv4") return true;
  const v6 = address as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST_V6) && !isIsatap(v6);
}

/** Whether a resolved (or literal) address may be connected to: registration and delivery both ask this. */
export function addressAllowed(address: string, policy = destinationPolicy()): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return isPublic(parsed) || inAllowedRange(parsed, policy);
}

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|local|internal|home\.arpa)$/;

/**
 * Why `url` may not be a webhook destination, or null when it may (before DNS: literals, names and scheme only).
 * The texts are shown to the admin who typed the URL; they never echo it (it may carry credentials).
 */
export function destinationProblem(url: string, policy = destinationPolicy()): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a valid URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "Use an https:// URL";
  if (parsed.username || parsed.password) return "Credentials in the URL are not allowed; the signature authenticates";
  const host = bareHost(parsed.hostname);
  const named = policy.hosts.has(host);
  const literal = parseAddress(host);
  if (literal && !addressAllowed(host, policy)) return "This address is not allowed for webhooks";
  if (!literal && !named && (LOCAL_NAMES.test(host) || !host.includes("."))) {
    return "This host is not allowed for webhooks";
  }
  const opened = named || (literal !== null && inAllowedRange(literal, policy));
  if (parsed.protocol === "http:" && !opened) return "Use an https:// URL";
  return null;
}

/** The URL as shown to admins: credentials written in it (endpoints saved before they were refused) cut out. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url;
  }
}
