// The SMTP transport (nodemailer) for SMTP_URL, built once per URL. Timeouts are bounded so a silent server cannot
// hold a worker's batch: a send that times out is retried later (see processor.ts for why it is not a duplicate).
import nodemailer, { type Transporter } from "nodemailer";
import { smtpUrl } from "../config.ts";

let cached: { url: string; transport: Transporter } | undefined;

export type MailTransport = Pick<Transporter, "sendMail">;

/** The transport for the configured SMTP_URL, or null when there is none (messages then wait in the outbox). */
export function smtpTransport(): MailTransport | null {
  const url = smtpUrl();
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = {
      url,
      transport: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return cached.transport;
}

/** SMTP replies 5xx are permanent refusals (RFC 5321 §4.2.1): sending the same message again cannot succeed. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = typeof error === "object" && error && "responseCode" in error ? Number(error.responseCode) : 0;
  return code >= 500 && code < 600;
}
