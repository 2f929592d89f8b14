// The signed download link of an access package: /api/lgpd/<instance>/access/download/<id>?expires=<unix s>&sig=<hmac>.
// The link is the credential (the data subject receives it from the portal, without the instance's key), so it is an
// HMAC of instance, request id and expiry under the app secret, compared in constant time; the row's own expiresAt
// and package decide too, so a link outlives neither.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "../../auth/server/secrets.ts";

function signature(instanceSlug: string, id: number, expires: number): string {
  return createHmac("sha256", `lgpd-access-link:${appSecret()}`)
    .update(`${instanceSlug}\n${id}\n${expires}`, "utf8")
    .digest("base64url");
}

/** The link's path and query (below the origin). */
export function accessDownloadPath(instanceSlug: string, id: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const sig = signature(instanceSlug, id, expires);
  return `/api/lgpd/${encodeURIComponent(instanceSlug)}/access/download/${id}?expires=${expires}&sig=${sig}`;
}

/** Whether `sig` signs (instance, id, expires) and `expires` is still ahead of `now`. */
export function verifyAccessLink(
  instanceSlug: string,
  id: number,
  expires: number,
  sig: string,
  now: Date = new Date(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(instanceSlug, id, expires));
  const presented = Buffer.from(sig);
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
