// Why a customer e-mail failed (or is being retried), as a stable code the document page says in Portuguese
// ("falhou" with the reason, never nodemailer's English). The sender stores describeFailure's one-line English text
// (server/email-queue.ts); this reads it back. Shared: no server imports.

export const EMAIL_FAILURES = ["recipient_refused", "refused", "temporary", "no_server", "outcome_unknown"] as const;
export type EmailFailure = (typeof EMAIL_FAILURES)[number];

/**
 * recipient_refused: the address is not one mailbox (our own check) or the server refused the recipient (550–553);
 * refused: another permanent 5xx; temporary: a 4xx ("try later"); outcome_unknown: the worker stopped mid-send and
 * the message was not sent again (server/email-queue.ts UNKNOWN_OUTCOME); no_server: anything else — refused connection,
 * timeout, unknown host, a failed TLS handshake.
 */
export function emailFailure(lastError: string | null): EmailFailure | null {
  if (!lastError) return null;
  if (lastError.startsWith("Outcome unknown")) return "outcome_unknown";
  if (lastError.startsWith("Recipient refused")) return "recipient_refused";
  // The server's reply code (not a port like ":465" or an address's digits).
  const code = Number(/(?<![\d.:])[45]\d\d(?![\d.:])/.exec(lastError)?.[0] ?? 0);
  if (code >= 550 && code <= 553) return "recipient_refused";
  if (code >= 500) return "refused";
  if (code >= 400) return "temporary";
  return "no_server";
}
