// Signed, expiring links to the tracking page (/acompanhar?t=…), sent in customer e-mails. A token carries its
// purpose, the document's uuid, the document's link generation and an expiry, signed with the app secret
// (HMAC-SHA256, the purpose inside the signed text); nothing personal is in it. The generation (Document.trackingEpoch)
// lets staff revoke every link of one document; the purpose keeps a token to the use it was minted for (an e-mail's
// link, or the short session after the protocol + CPF form). Tokens of the first format (no purpose, no generation)
// still open the page read-only until they expire — they are in e-mails customers already hold — but never write:
// they were shown to staff in previews and sent-message views, so a write with one cannot be told from a leak.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "../../auth/server/secrets.ts";
import { config } from "../../config/index.ts";
import { publicAppUrl } from "../config.ts";

const DAY_MS = 86_400_000;

/** e: the link in a customer e-mail; l: the session after the tracking page's lookup form. */
export type TrackingPurpose = "email" | "lookup";
const PURPOSE_CODE: Record<TrackingPurpose, string> = { email: "e", lookup: "l" };
const PURPOSE_OF: Record<string, TrackingPurpose> = { e: "email", l: "lookup" };

/** Days a link stays valid (TRACKING_LINK_DAYS, default 30). */
export function trackingLinkDays(): number {
  return config("TRACKING_LINK_DAYS");
}

const sign = (payload: string) =>
  createHmac("sha256", appSecret()).update(`tracking:v2:${payload}`, "utf8").digest("base64url");
/** The first format's signature (`uuid.expiry`, no purpose or generation): still read, never minted. */
const signFirstFormat = (payload: string) =>
  createHmac("sha256", appSecret()).update(`tracking:${payload}`, "utf8").digest("base64url");

const sameSignature = (expected: string, presented: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A token for the document, valid `ttlMs` (default: TRACKING_LINK_DAYS), for `purpose` and link generation `epoch`. */
export function trackingToken(
  documentUuid: string,
  now = new Date(),
  ttlMs = trackingLinkDays() * DAY_MS,
  options: { purpose?: TrackingPurpose; epoch?: number } = {},
): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const payload = `${PURPOSE_CODE[options.purpose ?? "email"]}.${documentUuid}.${options.epoch ?? 0}.${expires}`;
  return `${payload}.${sign(payload)}`;
}

/** The link an e-mail carries: minted when the e-mail leaves (email-queue.ts), never shown to staff. */
export function trackingLink(documentUuid: string, now = new Date(), epoch = 0): string {
  return `${publicAppUrl()}/acompanhar?t=${trackingToken(documentUuid, now, undefined, { purpose: "email", epoch })}`;
}

/**
 * `readOnly`: a token of the first format (before purposes and generations). It names generation 0, so revoking the
 * document's links ends it as well; it may show the page but never reply or upload.
 */
export type TrackingTokenClaims = { uuid: string; purpose: TrackingPurpose; epoch: number; readOnly: boolean };

/** What a valid, unexpired token says; null otherwise (bad signature, expired, malformed). */
export function readTrackingToken(token: string, now = new Date()): TrackingTokenClaims | null {
  const current = /^([el])\.([0-9a-f-]{36})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (current) {
    const [, purpose, uuid, epoch, expires, signature] = current;
    if (!sameSignature(sign(`${purpose}.${uuid}.${epoch}.${expires}`), signature!)) return null;
    if (Number(expires) * 1000 <= now.getTime()) return null;
    return { uuid: uuid!, purpose: PURPOSE_OF[purpose!]!, epoch: Number(epoch), readOnly: false };
  }
  const first = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!first) return null;
  const [, uuid, expires, signature] = first;
  if (!sameSignature(signFirstFormat(`${uuid}.${expires}`), signature!)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { uuid: uuid!, purpose: "email", epoch: 0, readOnly: true };
}

/** The document uuid of a valid, unexpired token (read-only ones included); null otherwise. */
export function verifyTrackingToken(token: string, now = new Date()): string | null {
  return readTrackingToken(token, now)?.uuid ?? null;
}
