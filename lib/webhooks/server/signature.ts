// X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret> — Stripe's scheme:
// the timestamp is signed too, so a receiver that refuses old timestamps (e.g. > 5 minutes) defeats replays.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signatureHeader(secret: string, body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex")}`;
}

/** What a receiver runs (the README shows the same in a few lines): valid signature, timestamp within `toleranceSeconds`. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const age = Math.abs((options.now ?? new Date()).getTime() / 1000 - t);
  if (age > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex"));
  const presented = Buffer.from(parts.v1);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
