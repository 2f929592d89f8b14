// Answer schemas of the customer's tracking routes (issue 12). Shared with the browser.
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
  /** The instance's name, shown as who the customer deals with. */
  company: z.string(),
  sla_end: ZIsoDateTime.nullable(),
  date_finished: ZIsoDateTime.nullable(),
  observations: z.array(z.strictObject({ id: z.int(), text: z.string(), created_at: ZIsoDateTime })),
  pending_requests: z.array(
    z.strictObject({ id: z.int(), name: z.string(), note: z.string().nullable(), created_at: ZIsoDateTime }),
  ),
});

export type TrackingView = z.infer<typeof ZTrackingView>;

export const ZTrackingLookupAnswer = z.strictObject({ token: z.string(), view: ZTrackingView });
export const ZTrackingUploadAnswer = z.strictObject({ id: z.int(), name: z.string(), size: z.int() });
