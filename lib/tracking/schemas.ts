import { z } from "zod";

/** The tracking page's lookup: both fields required (the protocol alone would let anyone read any document). */
export const trackingLookupSchema = z.strictObject({
  protocol: z.string().trim().min(1).max(40),
  identifier: z.string().trim().min(1).max(40),
});
export type TrackingLookupInput = z.infer<typeof trackingLookupSchema>;

/** A signed access token: from the e-mail link, or from a lookup. */
export const trackingTokenSchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * The customer's routes (/api/tracking/*, contracts beside them): one brake per client address shared by the three
 * — a cheap flood brake before any database work; failed lookups have their own throttle (lib/tracking/server/throttle.ts)
 * — and small JSON bodies (a protocol and an identifier, or a token).
 */
export const TRACKING_ADDRESS_LIMIT = { bucket: "tracking", perMinute: 60 };
export const TRACKING_BODY_LIMIT_BYTES = 16_384;
