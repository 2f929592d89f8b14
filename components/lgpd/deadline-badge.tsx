"use client";

import { useTranslations } from "use-intl";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { requestDeadline, type DeadlineState } from "@/lib/lgpd/deadline.ts";
import { useDateTime } from "./use-date-time.ts";

const TONES: Record<DeadlineState | "soon", string> = {
  open: "bg-sky-100 text-sky-900",
  soon: "bg-amber-100 text-amber-900",
  overdue: "bg-red-100 text-red-900",
  met: "bg-green-100 text-green-900",
  missed: "bg-orange-100 text-orange-900",
};
/** Three days or less left: the privacy officer should look now. */
const SOON_DAYS = 3;

/** A request's legal deadline: the date, and a countdown (or whether it was answered in time). */
export function DeadlineBadge({ request, days, now }: { request: SerializedLgpdRequest; days: number; now: Date }) {
  const t = useTranslations("lgpd.deadline");
  const when = useDateTime();
  const result = requestDeadline(request, days, now);
  const span = (unit: "days" | "hours") => (unit === "days" ? result.days : result.hours);
  const unit = result.days > 0 ? "days" : "hours";
  const label =
    result.state === "open"
      ? t(`open.${unit}`, { count: span(unit) })
      : result.state === "overdue"
        ? t(`overdue.${unit}`, { count: span(unit) })
        : result.state === "met"
          ? t("met")
          : t(`missed.${unit}`, { count: span(unit) });
  const tone = result.state === "open" && result.days < SOON_DAYS ? "soon" : result.state;
  return (
    <span className="inline-flex flex-col gap-0.5" data-deadline-state={result.state}>
      <span className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
        {label}
      </span>
      <span className="text-xs text-slate-600">
        <time dateTime={result.deadline.toISOString()}>
          {t("until", { date: when(result.deadline.toISOString()) })}
        </time>
      </span>
    </span>
  );
}
