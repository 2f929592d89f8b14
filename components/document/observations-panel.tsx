"use client";

import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/feedback.tsx";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";
import { CustomerBadge } from "./customer-badge.tsx";
import { useDateTime } from "./format.ts";
import { ReplyComposer } from "./reply-composer.tsx";

type Visibility = "internal" | "customer";

/**
 * Notes on the document, newest first; staff write them in the one composer (internal note or reply to the customer).
 * `personal`: the page revealed the document's personal data (the composer's preview shows it too).
 */
export function ObservationsPanel({ view, personal }: { view: StaffDocumentView; personal: boolean }) {
  const t = useTranslations("document.observations");
  const dateTime = useDateTime();

  return (
    <Card title={t("title")}>
      {view.permissions.can_edit ? <ReplyComposer view={view} personal={personal} /> : null}
      {view.observations.length === 0 ? (
        <p className="text-sm text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {view.observations.map((observation) => (
            <li
              key={observation.id}
              data-from={observation.from_customer ? "customer" : "team"}
              className={`rounded-md border p-3 ${observation.from_customer ? "border-amber-300 bg-amber-50" : "border-slate-200"}`}
            >
              <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                {observation.from_customer ? (
                  <CustomerBadge />
                ) : (
                  <span
                    className={`rounded-full px-2 py-0.5 font-semibold ${
                      observation.visibility === "customer" ? "bg-sky-100 text-sky-900" : "bg-slate-200 text-slate-800"
                    }`}
                  >
                    {t(observation.visibility as Visibility)}
                  </span>
                )}
                <span>{t("by", { author: observation.author, date: dateTime(observation.created_at) })}</span>
              </div>
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{observation.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
