// Request and answer contracts of the customer-message routes (preview, template test). Pure zod, shared with the
// browser forms (react-hook-form + zodResolver) so the composer and the test-send field check what the server checks.
import { z } from "zod";
import { emailAddress, idField } from "../http/zod-fields.ts";
import { REPLY_PLACEHOLDERS, unknownPlaceholders } from "./template.ts";

/**
 * POST /api/documents/<id>/messages/preview: a reply being written, or the e-mail of a status change. `personal`: the
 * page revealed the document's personal data — honoured only after that caller's logged reveal (revealed-read.ts).
 */
const personalFlag = z.boolean().optional();
export const previewMessageSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("reply"), text: z.string().max(10_000), personal: personalFlag }),
  z.strictObject({ kind: z.literal("status"), status_id: idField, personal: personalFlag }),
]);
export type PreviewMessageInput = z.infer<typeof previewMessageSchema>;

export const ZMessagePreview = z.strictObject({
  /** An e-mail would leave: the reply by e-mail, or the status notifies and the document has an address. */
  send: z.boolean(),
  /** Why not: the status does not notify, or the document has no e-mail address. */
  reason: z.enum(["status_silent", "no_email"]).nullable(),
  /** Masked like the page's other personal data (null when the document has none). */
  recipient: z.string().nullable(),
  /** SMTP_URL is set: without it the message waits in the outbox. */
  configured: z.boolean(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
});
export type MessagePreview = z.infer<typeof ZMessagePreview>;

/** POST /api/admin/settings/statuses/<id>/test-message: the saved template, to an address the admin types. */
export const testMessageSchema = z.strictObject({ to: emailAddress });
export type TestMessageInput = z.infer<typeof testMessageSchema>;
export const ZTestMessageQueued = z.strictObject({ id: z.int(), subject: z.string() });

/** A reply template's text: only the placeholders the reply fills (an unknown one would reach the customer as typed). */
const replyText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((text, context) => {
      const unknown = unknownPlaceholders(text, REPLY_PLACEHOLDERS).map((name) => `{${name}}`);
      if (unknown.length) {
        const allowed = REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(", ");
        context.addIssue({
          code: "custom",
          message: `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; use ${allowed}`,
          params: { code: "unknown_placeholder", placeholder: unknown.join(", "), allowed },
        });
      }
    });

/** PUT /api/admin/settings/reply-template: the instance's reply e-mail; null = the default text. */
export const replyTemplateSchema = z.strictObject({
  subject: replyText(250).nullable(),
  body: replyText(5000).nullable(),
});
export type ReplyTemplateInput = z.infer<typeof replyTemplateSchema>;
export const ZReplyTemplate = z.strictObject({
  subject: z.string().nullable(),
  body: z.string().nullable(),
  default_subject: z.string(),
  default_body: z.string(),
});
