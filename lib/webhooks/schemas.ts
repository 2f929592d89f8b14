import { z } from "zod";
import { WEBHOOK_EVENTS } from "./event-names.ts";

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, "Each event may appear once");

/** http(s) only; plain http is for receivers on the same host or network (documented; admins decide). */
const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "Use an http:// or https:// URL");

export const createWebhookSchema = z.strictObject({ url: endpointUrl, events: eventList });
export const updateWebhookSchema = z.strictObject({
  url: endpointUrl.optional(),
  events: eventList.optional(),
  /** true re-enables a disabled endpoint (its waiting deliveries resume); false disables it by hand. */
  enabled: z.boolean().optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
