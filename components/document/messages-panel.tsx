"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/feedback.tsx";
import { useResendMessage, useRevokeTrackingLinks, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useDateTime } from "./format.ts";

type Message = StaffDocumentView["messages"][number];

const STATE_STYLE: Record<Message["state"], string> = {
  sent: "bg-green-100 text-green-900",
  queued: "bg-slate-200 text-slate-800",
  retrying: "bg-amber-100 text-amber-900",
  not_configured: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/**
 * E-mails sent (or waiting) to the customer: when, to whom (masked), the text sent, where each stands and why one failed
 * (in the user's language; the technical detail for admins); "Reenviar" for a failed one.
 */
export function MessagesPanel({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.messages");
  const dateTime = useDateTime();
  const resend = useResendMessage(view.document.id);
  const revoke = useRevokeTrackingLinks(view.document.id);
  const errorText = useErrorText();
  return (
    <Card title={t("title")}>
      {view.messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {view.messages.map((message) => (
            <li key={message.id} className="rounded-md border border-slate-200 p-3 text-sm" data-testid="message">
              <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_STYLE[message.state]}`}>
                  {t(`state.${message.state}`)}
                </span>
                <span>{t("to", { recipient: message.recipient })}</span>
                <span>
                  {message.sent_at
                    ? t("sentAt", { date: dateTime(message.sent_at) })
                    : t("queuedAt", { date: dateTime(message.created_at) })}
                </span>
              </div>
              <p className="break-words font-medium text-slate-900">{message.subject}</p>
              {message.text ? (
                // A long text scrolls inside its box: focusable and named, so a keyboard can scroll it too.
                <div
                  role="region"
                  tabIndex={0}
                  aria-label={t("textRegion", { subject: message.subject })}
                  className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded border border-slate-100 bg-slate-50 p-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                  data-testid="message-text"
                >
                  {message.text}
                </div>
              ) : null}
              {message.next_attempt_at ? (
                <p className="mt-1 text-xs text-slate-600">
                  {t("nextAttempt", { date: dateTime(message.next_attempt_at), attempts: message.attempts })}
                </p>
              ) : null}
              {message.failure ? (
                <p className="mt-1 break-words text-xs text-red-800" data-testid="message-failure">
                  {t(`failure.${message.failure}`)}
                </p>
              ) : null}
              {message.last_error ? (
                <p className="mt-1 break-words text-xs text-slate-600">
                  {t("technical", { error: message.last_error })}
                </p>
              ) : null}
              {message.state === "failed" && view.permissions.can_edit ? (
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-2"
                  disabled={resend.isPending}
                  aria-label={t("resendLabel", { subject: message.subject })}
                  onClick={() => resend.mutate(message.id)}
                >
                  {t("resend")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm" aria-live="polite">
        {resend.isSuccess ? <span className="text-green-800">{t("resent")}</span> : null}
        {resend.isError ? <span className="text-red-800">{errorText.text(resend.error)}</span> : null}
      </p>
      {view.permissions.can_edit ? (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <Button size="sm" variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {t("revoke")}
          </Button>
          <p className="mt-1 text-xs text-slate-600">{t("revokeHint")}</p>
          <p className="text-sm" aria-live="polite">
            {revoke.isSuccess ? <span className="text-green-800">{t("revoked")}</span> : null}
            {revoke.isError ? <span className="text-red-800">{errorText.text(revoke.error)}</span> : null}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
