import { z } from "zod";

/** The tracking page's lookup: both fields required (the protocol alone would let anyone read any document). */
export const trackingLookupSchema = z.strictObject({
  protocol: z.string().trim().min(1).max(40),
  identifier: z.string().trim().min(1).max(40),
});
export type TrackingLookupInput = z.infer<typeof trackingLookupSchema>;

/** A signed access token: from the e-mail link, or from a lookup. */
export const trackingTokenSchema = z.strictObject({ token: z.string().min(1).max(200) });
