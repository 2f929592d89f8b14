"use client";

import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { requestDeadline, type DeadlineState } from "@/lib/lgpd/deadline.ts";
import { useDateTime } from "./use-date-time.ts";

const TONES: Record<DeadlineState | "soon", BadgeTone> = {
  open: "info",
  soon: "warning",
  overdue: "danger",
  met: "success",
  missed: "attention",
};
/** Three days or less left: the privacy officer should look now. */
const SOON_DAYS = 3;

/** A request's legal deadline: the date, and a countdown (or whether it was answered in time). */
export function DeadlineBadge({
  request,
  days,
  now,
}: {
  request: Pick<SerializedLgpdRequest, "status" | "requested_at" | "processed_at"> &
    Partial<Pick<SerializedLgpdRequest, "received_at" | "review">>;
  days: number;
  now: Date;
}) {
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
      <Badge tone={TONES[tone]}>{label}</Badge>
      <span className="text-xs text-slate-600">
        <time dateTime={result.deadline.toISOString()}>
          {t("until", { date: when(result.deadline.toISOString()) })}
        </time>
      </span>
    </span>
  );
}
