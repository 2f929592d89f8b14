"use client";

import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/feedback.tsx";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";
import { useDateTime } from "./format.ts";

type Message = StaffDocumentView["messages"][number];

const STATE_STYLE: Record<Message["state"], string> = {
  sent: "bg-green-100 text-green-900",
  queued: "bg-slate-200 text-slate-800",
  retrying: "bg-amber-100 text-amber-900",
  not_configured: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/** E-mails sent (or waiting) to the customer: when, to whom (masked), where each stands; errors for admins. */
export function MessagesPanel({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.messages");
  const dateTime = useDateTime();
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
              <p className="break-words text-slate-900">{message.subject}</p>
              {message.next_attempt_at ? (
                <p className="mt-1 text-xs text-slate-600">
                  {t("nextAttempt", { date: dateTime(message.next_attempt_at), attempts: message.attempts })}
                </p>
              ) : null}
              {message.last_error ? (
                <p className="mt-1 break-words text-xs text-red-800">{t("error", { error: message.last_error })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
