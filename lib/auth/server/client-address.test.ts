// Which address and protocol count, with and without trusted proxies (the HTTP tests use the real server's stamp).
import { afterEach, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "../../http/server/peer-stamp.ts";
import { brakeAddress, clientAddress, clientHost, clientProtocol, trustedProxyHops } from "./client-address.ts";

const headers = (values: Record<string, string>) => new Headers(values);

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("clientAddress", () => {
  it("without TRUST_PROXY is the socket's address, whatever X-Forwarded-For says", () => {
    const request = headers({ [PEER_ADDRESS_HEADER]: "192.0.2.7", "x-forwarded-for": "203.0.113.1, 203.0.113.2" });
    expect(clientAddress(request)).toBe("192.0.2.7");
  });

  it("with TRUST_PROXY=n is the n-th address from the right of X-Forwarded-For plus the peer", () => {
    const request = headers({
      [PEER_ADDRESS_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.1",
    });
    process.env.TRUST_PROXY = "1";
    expect(clientAddress(request)).toBe("10.0.0.1");
    process.env.TRUST_PROXY = "2";
    expect(clientAddress(request)).toBe("198.51.100.9");
    process.env.TRUST_PROXY = "9";
    expect(clientAddress(request)).toBe("6.6.6.6");
  });

  it("is null without the server's stamp (a request that did not come through our HTTP server)", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.1" }))).toBeNull();
  });

  it("reads plain header records (next-auth's) too", () => {
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: "192.0.2.8" })).toBe("192.0.2.8");
  });
});

describe("clientProtocol and TRUST_PROXY parsing", () => {
  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    const request = headers({ [PEER_PROTO_HEADER]: "http", "x-forwarded-proto": "https" });
    expect(clientProtocol(request)).toBe("http");
    process.env.TRUST_PROXY = "1";
    expect(clientProtocol(request)).toBe("https");
    expect(clientProtocol(headers({ [PEER_PROTO_HEADER]: "https" }))).toBe("https");
  });

  it.each([
    ["", 0],
    ["0", 0],
    ["true", 1],
    ["2", 2],
  ])("TRUST_PROXY=%j → %d hops", (value, hops) => {
    process.env.TRUST_PROXY = value;
    expect(trustedProxyHops()).toBe(hops);
  });

  // lib/config refuses what used to be read silently as "no proxy" (validated at boot, so a typo cannot turn the
  // throttles' client address into the proxy's).
  it.each([
    ["-1", "TRUST_PROXY must be at least 0"],
    ["abc", "TRUST_PROXY must be a number"],
    ["1.5", "TRUST_PROXY must be a whole number"],
    ["11", "TRUST_PROXY must be at most 10"],
  ])("TRUST_PROXY=%j is refused: %s", (value, message) => {
    process.env.TRUST_PROXY = value;
    expect(trustedProxyHops).toThrow(message);
  });
});

describe("clientHost", () => {
  it("is the Host header without TRUST_PROXY, whatever X-Forwarded-Host says", () => {
    const request = headers({ host: "docflow.example.com", "x-forwarded-host": "evil.example" });
    expect(clientHost(request)).toBe("docflow.example.com");
  });

  it("with TRUST_PROXY=n is the host the outermost trusted proxy reported", () => {
    const request = headers({ host: "app:3000", "x-forwarded-host": "forged.example, Docflow.Example.com" });
    process.env.TRUST_PROXY = "1";
    expect(clientHost(request)).toBe("docflow.example.com");
    delete process.env.TRUST_PROXY;
    expect(clientHost(headers({ host: "app:3000" }))).toBe("app:3000");
  });
});

describe("brakeAddress", () => {
  it("counts IPv4 (and its mapped form) by the address, IPv6 by its /64", () => {
    expect(brakeAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(brakeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(brakeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(brakeAddress("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(brakeAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(brakeAddress(null)).toBeNull();
    expect(brakeAddress("not-an-address")).toBe("not-an-address");
  });
});
