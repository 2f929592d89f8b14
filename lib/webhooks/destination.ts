// Where a webhook may be sent. An endpoint is registered by an instance admin — a tenant, not
// the operator — so its URL must not reach the operator's own network: loopback, private, link-local (cloud metadata
// at 169.254.169.254), carrier-grade NAT, multicast, unspecified, reserved and the IPv6 tunnels/translations that wrap
// them are refused, in every spelling (the WHATWG URL parser turns 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1;
// ipaddr.js unwraps ::ffff:127.0.0.1). Only ipaddr.js's "unicast" (public) range is allowed by default, over https.
// The operator opens the rest in two separate steps: WEBHOOK_ALLOW_CIDRS lets addresses in those ranges be connected
// to; WEBHOOK_ALLOW_HOSTS lets those names use http:// (and be names without a dot). A name never opens addresses by
// itself, so a listed name whose DNS is turned to 169.254.169.254 is still refused. (An IP literal inside an allowed
// range may use http:// too: the operator named that address.)
// Registration checks what the URL says; delivery (deliver.ts) checks again on the addresses DNS answers, pinned.
import ipaddr from "ipaddr.js";
import { config } from "../config/index.ts";

type DestinationPolicy = { hosts: Set<string>; cidrs: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> };

const lowerCased = (items: string[]) => items.map((item) => item.toLowerCase());

/** The operator's exceptions, read on every call (tests and operators may change them without a restart). */
export function destinationPolicy(): DestinationPolicy {
  const cidrs: DestinationPolicy["cidrs"] = [];
  for (const item of lowerCased(config("WEBHOOK_ALLOW_CIDRS"))) {
    try {
      const [address, bits] = item.includes("/") ? ipaddr.parseCIDR(item) : [ipaddr.parse(item), -1];
      const parsed = address.kind() === "ipv6" ? (address as ipaddr.IPv6) : address;
      cidrs.push([parsed, bits === -1 ? (parsed.kind() === "ipv4" ? 32 : 128) : bits]);
    } catch {
      // A malformed range opens nothing.
    }
  }
  return { hosts: new Set(lowerCased(config("WEBHOOK_ALLOW_HOSTS"))), cidrs };
}

/** `[::1]` → `::1` (the URL parser keeps the brackets of IPv6 hosts); `localhost.` → `localhost` (the root dot). */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();
}

/** An IP literal as ipaddr.js sees it, IPv4-mapped IPv6 unwrapped to IPv4; null for names. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  return ipaddr.isValid(value) ? ipaddr.process(value) : null;
}

function inAllowedRange(address: ipaddr.IPv4 | ipaddr.IPv6, policy: DestinationPolicy): boolean {
  return policy.cidrs.some(([range, bits]) => range.kind() === address.kind() && address.match(range as never, bits));
}

/** Whether a resolved (or literal) address may be connected to. */
export function addressAllowed(address: string, policy = destinationPolicy()): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.range() === "unicast" || inAllowedRange(parsed, policy);
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
