// The SMTP transport (nodemailer) for SMTP_URL, built once per URL. Timeouts are bounded so a silent server cannot
// hold a worker's batch: a send that times out is retried later (see email-queue.ts for why it is not a duplicate).
// Every message goes to exactly one address: a document's e-mail saved before that was checked
// could be a list or carry a header break, and nodemailer would mail every address in it.
import "server-only";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { emailAddress } from "../../http/zod-fields.ts";
import { smtpUrl } from "../config.ts";

let cached: { url: string; transport: Transporter; checked: MailTransport } | undefined;

export type MailTransport = { sendMail: (mail: SendMailOptions) => Promise<unknown> };

/** A refusal before the SMTP server is asked; 553 ("mailbox name not allowed", RFC 5321) makes it permanent. */
export class RecipientRefused extends Error {
  readonly responseCode = 553;
  constructor() {
    super("Recipient refused: not exactly one e-mail address");
  }
}

/** `to` as one address, or a RecipientRefused. */
function singleRecipient(to: SendMailOptions["to"]): string {
  const parsed = emailAddress.safeParse(typeof to === "string" ? to.trim() : undefined);
  if (!parsed.success) throw new RecipientRefused();
  return parsed.data;
}

/** The transport for the configured SMTP_URL, or null when there is none (messages then wait in the outbox). */
export function smtpTransport(): MailTransport | null {
  const url = smtpUrl();
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    // The timeouts go beside the url: as createTransport's second argument they were message defaults, not applied.
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const checked: MailTransport = {
      sendMail: async (mail) => transport.sendMail({ ...mail, to: singleRecipient(mail.to) }),
    };
    cached = { url, transport, checked };
  }
  return cached.checked;
}

/** SMTP replies 5xx are permanent refusals (RFC 5321 §4.2.1): sending the same message again cannot succeed. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = typeof error === "object" && error && "responseCode" in error ? Number(error.responseCode) : 0;
  return code >= 500 && code < 600;
}
