// Which addresses a webhook may reach, as lib/webhooks/destination.ts classifies them (no network): the IPv6 forms
// that wrap or retire an IPv4 address — IPv4-compatible (::/96), mapped (::ffff:0:0/96), SIIT (::ffff:0:0:0/96),
// NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16), Teredo (2001::/32), ISATAP interface ids, site-local — are
// refused, and only global unicast IPv6 (2000::/3, outside the special ranges) passes. The operator's
// WEBHOOK_ALLOW_CIDRS still opens a named range.
import { afterEach, describe, expect, it } from "vitest";
import { addressAllowed, destinationProblem } from "@/lib/webhooks/destination.ts";

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
});

const WRAPPED_OR_RETIRED = [
  "::7f00:1",
  "::127.0.0.1",
  "::a9fe:a9fe",
  "::a00:1",
  "::8.8.8.8",
  "::2",
  "::ffff:127.0.0.1",
  "::ffff:8.8.8.8",
  "::ffff:0:7f00:1",
  "64:ff9b::7f00:1",
  "64:ff9b::8.8.8.8",
  "64:ff9b:1::a9fe:a9fe",
  "2002:7f00:1::",
  "2002:808:808::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "fec0::1",
  "2a00:1450:4001:81c::5efe:7f00:1",
  "2a00:1450:4001:81c:200:5efe:a9fe:a9fe",
  "100::1",
  "4000::1",
  "fc00::1",
  "fe80::1",
];

describe("IPv6 destinations", () => {
  it("refuses every wrapped, translated or retired form, as a resolved answer and as a URL literal", () => {
    const passed = WRAPPED_OR_RETIRED.filter((address) => addressAllowed(address));
    expect(passed).toEqual([]);
    const literals = WRAPPED_OR_RETIRED.filter((address) => destinationProblem(`https://[${address}]/`) === null);
    expect(literals).toEqual([]);
  });

  it("lets public addresses through (global unicast IPv6, public IPv4)", () => {
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:81c::200e", "8.8.8.8", "93.184.216.34"]) {
      expect(addressAllowed(address), address).toBe(true);
    }
    expect(destinationProblem("https://[2606:4700:4700::1111]/hooks")).toBeNull();
  });

  it("opens a range only when the operator names it", () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "64:ff9b::/96,127.0.0.1/32";
    expect(addressAllowed("64:ff9b::a9fe:a9fe")).toBe(true);
    expect(addressAllowed("127.0.0.1")).toBe(true);
    expect(addressAllowed("::ffff:127.0.0.1")).toBe(true); // the same socket destination as 127.0.0.1
    expect(addressAllowed("::7f00:1")).toBe(false); // another address, not opened by the IPv4 range
  });
});
