"use client";

import { useNow, useTranslations } from "use-intl";
import { Card } from "@/components/ui/feedback.tsx";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";
import { useDateTime, useDuration } from "./format.ts";

const DAY = 86_400_000;

/** Product, step, modality, responsible and the SLA deadline with time left or days late (or paused). */
export function SummaryCard({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.summary");
  const responsible = view.users.find((user) => user.id === view.document.user_id);
  const rows = [
    { label: t("product"), value: view.product.name },
    { label: t("step"), value: view.step?.name ?? "—" },
    {
      label: t("modality"),
      value: view.modality
        ? `${view.modality.identifier}${view.modality.has_calendar ? ` (${t("calendar")})` : ""}`
        : t("none"),
    },
    { label: t("responsible"), value: responsible?.name ?? t("nobody") },
  ];
  return (
    <Card title={t("title")}>
      <dl className="space-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <SlaBlock view={view} />
    </Card>
  );
}

function SlaBlock({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.sla");
  const dateTime = useDateTime();
  const duration = useDuration();
  const now = useNow({ updateInterval: 60_000 });
  const { sla } = view;
  const end = sla.sla_end ? Date.parse(sla.sla_end) : null;
  const reference = sla.stopped_at ? Date.parse(sla.stopped_at) : now.getTime();
  const late = end !== null && reference > end;

  let badge: { text: string; className: string };
  if (end === null) badge = { text: t("noSla"), className: "bg-slate-100 text-slate-800" };
  else if (late) badge = { text: t("late"), className: "bg-red-100 text-red-900" };
  else badge = { text: t("inSla"), className: "bg-green-100 text-green-900" };

  let distance: string | null = null;
  if (end !== null) {
    if (late) {
      const days = Math.floor((reference - end) / DAY);
      distance = days >= 1 ? t("daysLate", { days }) : t("hoursLate", { duration: duration(reference - end) });
    } else {
      distance = sla.stopped_at
        ? t("leftWhenStopped", { duration: duration(end - reference) })
        : t("timeLeft", { duration: duration(end - reference) });
    }
  }

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t("title")}</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.text}</span>
        {sla.paused ? (
          <span className="rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900">
            {t("paused")}
          </span>
        ) : null}
        {sla.finished ? (
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            {t("finished")}
          </span>
        ) : null}
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-slate-600">{t("deadline")}</dt>
          <dd className="text-right font-medium text-slate-900">
            {end === null ? "—" : <time dateTime={sla.sla_end!}>{dateTime(sla.sla_end)}</time>}
            {distance ? (
              <span className={`block text-sm font-semibold ${late ? "text-red-800" : "text-slate-800"}`}>
                {distance}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-slate-600">{t("statusDeadline")}</dt>
          <dd className="text-right text-slate-900">{dateTime(view.document.sla_end_status)}</dd>
        </div>
      </dl>
      {sla.paused && sla.paused_since ? (
        <p className="mt-2 text-xs text-slate-700">{t("pausedSince", { date: dateTime(sla.paused_since) })}</p>
      ) : null}
      {sla.finished && view.document.date_finished ? (
        <p className="mt-2 text-xs text-slate-700">
          {t("finishedAt", { date: dateTime(view.document.date_finished) })}
        </p>
      ) : null}
      {view.modality?.has_calendar && end !== null ? (
        <p className="mt-2 text-xs text-slate-600">{t("calendarNote")}</p>
      ) : null}
    </div>
  );
}
