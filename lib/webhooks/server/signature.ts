// X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret> — Stripe's scheme:
// the timestamp is signed too, so a receiver that refuses old timestamps (e.g. > 5 minutes) defeats replays.
//
// Secret rotation with an overlap window: while the previous secret is still valid, each delivery carries
// one v1 per secret, the new one first — `t=…,v1=<new>,v1=<old>`. A receiver accepts the delivery when ANY v1 matches
// its secret, so it can switch to the new secret at any moment inside the window. (A receiver that keeps only the last
// v1 of the header — `Object.fromEntries` — keeps verifying with the old secret until the window closes.)
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

const hmac = (secret: string, t: number, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex");

/** The header for `secrets` (current first, then the previous one while its overlap window lasts). */
export function signatureHeader(secrets: string | readonly string[], body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  const list = typeof secrets === "string" ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((secret) => `v1=${hmac(secret, t, body)}`)].join(",");
}

/** What a receiver runs (the README shows the same in a few lines): a v1 made with `secret`, timestamp within
 * `toleranceSeconds`. Every v1 of the header is tried (there are two during a secret rotation's overlap). */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  const parts = (header ?? "").split(",").map((part) => part.split("=", 2) as [string, string | undefined]);
  const t = Number(parts.find(([name]) => name === "t")?.[1]);
  const signatures = parts.filter(([name, value]) => name === "v1" && value).map(([, value]) => value!);
  if (!Number.isInteger(t) || signatures.length === 0) return false;
  const age = Math.abs((options.now ?? new Date()).getTime() / 1000 - t);
  if (age > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(hmac(secret, t, body));
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const presented of signatures) {
    const given = Buffer.from(presented);
    if (given.length === expected.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
