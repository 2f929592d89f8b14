// Answer schemas of the customer's tracking routes. Shared with the browser.
import { z } from "zod";
import { ZIsoDateTime } from "../catalog/answers.ts";

export const ZTrackingView = z.strictObject({
  protocol: z.string(),
  product: z.string(),
  steps: z.array(z.strictObject({ name: z.string(), current: z.boolean() })),
  status: z.string(),
  finished: z.boolean(),
  /** The case waits (a `pause` status): the page says so instead of a deadline the paused clock no longer keeps. */
  paused: z.boolean(),
  /**
   * The link is from an e-mail sent before links carried their purpose: the case is shown, but replying and sending
   * files need the lookup by protocol and CPF.
   */
  read_only: z.boolean(),
  /** The instance's name, shown as who the customer deals with. */
  /** Null when the instance has no name of its own (only its slug): the page then names no company. */
  company: z.string().nullable(),
  sla_end: ZIsoDateTime.nullable(),
  date_finished: ZIsoDateTime.nullable(),
  /** The team's customer notes and the customer's own replies (`from`), oldest first. */
  observations: z.array(
    z.strictObject({
      id: z.int(),
      text: z.string(),
      created_at: ZIsoDateTime,
      from: z.enum(["team", "customer"]),
    }),
  ),
  /** Files the customer sent from this page (names and dates only: nothing is downloadable here). */
  sent_files: z.array(
    z.strictObject({ id: z.int(), name: z.string(), request_name: z.string().nullable(), created_at: ZIsoDateTime }),
  ),
  /** The instance's tracking-page settings: logo (a public URL), help channel, privacy notice. */
  brand: z.strictObject({
    logo_url: z.string().nullable(),
    help_email: z.string().nullable(),
    help_phone: z.string().nullable(),
    whatsapp_url: z.string().nullable(),
    /** The company's own notice (https) or the built-in page (/acompanhar/privacidade). */
    privacy_url: z.string(),
  }),
  pending_requests: z.array(
    z.strictObject({ id: z.int(), name: z.string(), note: z.string().nullable(), created_at: ZIsoDateTime }),
  ),
});

export type TrackingView = z.infer<typeof ZTrackingView>;

export const ZTrackingLookupAnswer = z.strictObject({ token: z.string(), view: ZTrackingView });
export const ZTrackingUploadAnswer = z.strictObject({ id: z.int(), name: z.string(), size: z.int() });

/** The tracking page's settings as an admin sees them (GET/PUT /api/admin/settings/tracking-page). */
export const ZTrackingPageSettings = z.strictObject({
  company_name: z.string().nullable(),
  help_email: z.string().nullable(),
  help_phone: z.string().nullable(),
  help_whatsapp: z.string().nullable(),
  privacy_url: z.string().nullable(),
  /** The instance's own name, shown when company_name is not set. */
  default_name: z.string(),
  logo: z.strictObject({ url: z.string(), media_type: z.string(), size: z.int() }).nullable(),
});
export type TrackingPageSettings = z.infer<typeof ZTrackingPageSettings>;

export const ZTrackingReplyAnswer = z.strictObject({ id: z.int(), created_at: ZIsoDateTime });
