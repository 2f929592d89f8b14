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

/**
 * What an admin sets for the tracking page (PUT /api/admin/settings/tracking-page). Empty texts mean "not set".
 * The WhatsApp number is kept as digits with the country code; the privacy notice must be an https address (a link
 * the customer's browser opens — the server never fetches it).
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

/** The name customers know the company by (the tracking page's greeting, the e-mails' {empresa}): at most 120. */
export const COMPANY_NAME_MAX = 120;
export const companyNameField = optionalText(COMPANY_NAME_MAX);

/** The staff pages' prompt for the company's name: the one field, required. */
export const companyNamePromptSchema = z.strictObject({
  company_name: z.string().trim().min(1).max(COMPANY_NAME_MAX),
});

export const trackingPageSettingsSchema = z.strictObject({
  company_name: companyNameField,
  help_email: optionalText(200).pipe(z.email().nullable()),
  help_phone: optionalText(30).pipe(
    z
      .string()
      .regex(/^\+?[0-9 ().-]{8,30}$/, "Use digits, spaces, ( ) . - and an optional leading +")
      .nullable(),
  ),
  help_whatsapp: optionalText(30)
    .transform((value) => (value ? value.replace(/\D/g, "") : null))
    .pipe(
      z
        .string()
        .regex(/^[1-9][0-9]{9,14}$/, "The number with country and area code, e.g. 55 11 98765-4321")
        .nullable(),
    ),
  privacy_url: optionalText(500).pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain }).nullable()),
});
export type TrackingPageSettingsInput = z.input<typeof trackingPageSettingsSchema>;

/** The customer's short reply from the tracking page. */
export const TRACKING_REPLY_MAX = 2000;
export const trackingReplySchema = z.strictObject({
  token: z.string().min(1).max(200),
  text: z.string().trim().min(1).max(TRACKING_REPLY_MAX),
});

/** The upload's query: the pending request the file answers, or none (a file the customer sends on their own). */
export const trackingUploadQuerySchema = z.strictObject({
  request_id: z
    .string()
    .regex(/^\d{1,10}$/, "Expected a positive integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(2_147_483_647))
    .optional(),
});

/** How many files and replies one document takes from its tracking page in an hour (a brake on floods). */
export const TRACKING_CUSTOMER_LIMITS = { filesPerHour: 10, repliesPerHour: 10 } as const;
/** The logo: PNG, JPEG or WebP up to 512 KB. */
export const TRACKING_LOGO_MAX_BYTES = 512 * 1024;
