// Signed, expiring links to the tracking page (/acompanhar?t=…), sent in customer e-mails. The token carries the
// document's uuid and an expiry, signed with the app secret (HMAC-SHA256); nothing personal is in it.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "../../auth/server/secrets.ts";
import { config } from "../../config/index.ts";
import { publicAppUrl } from "../config.ts";

const DAY_MS = 86_400_000;

/** Days a link stays valid (TRACKING_LINK_DAYS, default 30). */
export function trackingLinkDays(): number {
  return config("TRACKING_LINK_DAYS");
}

const sign = (payload: string) =>
  createHmac("sha256", appSecret()).update(`tracking:${payload}`, "utf8").digest("base64url");

/** A token for the document, valid `ttlMs` (default: TRACKING_LINK_DAYS). */
export function trackingToken(documentUuid: string, now = new Date(), ttlMs = trackingLinkDays() * DAY_MS): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const payload = `${documentUuid}.${expires}`;
  return `${payload}.${sign(payload)}`;
}

export function trackingLink(documentUuid: string, now = new Date()): string {
  return `${publicAppUrl()}/acompanhar?t=${trackingToken(documentUuid, now)}`;
}

/** The document uuid of a valid, unexpired token; null otherwise (bad signature, expired, malformed). */
export function verifyTrackingToken(token: string, now = new Date()): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, uuid, expires, signature] = match;
  const expected = Buffer.from(sign(`${uuid}.${expires}`));
  const presented = Buffer.from(signature!);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
  return Number(expires) * 1000 > now.getTime() ? uuid! : null;
}
