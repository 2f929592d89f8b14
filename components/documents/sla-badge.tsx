"use client";

import { useFormatter, useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import type { DocumentListItem } from "@/lib/documents/search-schema.ts";

const HOUR = 3_600_000;

/** "3 h", "2 d", "40 min": how long until (or since) a deadline, in the unit a queue needs. */
export function useSpan() {
  const t = useTranslations("queue.sla");
  return (ms: number) => {
    const abs = Math.abs(ms);
    if (abs < HOUR) return t("minutes", { count: Math.max(1, Math.round(abs / 60_000)) });
    if (abs < 48 * HOUR) return t("hours", { count: Math.round(abs / HOUR) });
    return t("days", { count: Math.round(abs / (24 * HOUR)) });
  };
}

/**
 * The SLA of one row: a countdown ("vence em 5 h", amber within a day) or an overdue badge ("atrasado há 2 d") while
 * the clock runs; "Pausado" without a countdown while it waits in a pause status; a neutral "Encerrado no prazo" /
 * "Encerrado com atraso" once finished or cancelled. The deadline itself is in the title and, on wide screens, next to
 * the badge.
 */
export function SlaBadge({ item, now }: { item: DocumentListItem; now: number }) {
  const t = useTranslations("queue.sla");
  const format = useFormatter();
  const span = useSpan();
  if (!item.sla_end) return <span className="text-xs text-slate-600">{t("none")}</span>;
  const deadline = new Date(item.sla_end);
  const stoppedAt = item.date_finished ? new Date(item.date_finished).getTime() : now;
  const left = deadline.getTime() - stoppedAt;
  const late = item.sla_state === "late";
  const when = format.dateTime(deadline, { dateStyle: "short", timeStyle: "short" });
  let tone: BadgeTone = "success";
  let text: string;
  let state: "late" | "met" | "open" | "paused" = late ? "late" : "open";
  const kind = item.status.category.kind;
  if (item.date_finished || kind === "finished") {
    // Finished or cancelled: no clock any more, so a neutral badge that only says how it ended.
    tone = "neutral";
    text = late ? t("lateFinished") : t("metFinished");
    state = late ? "late" : "met";
  } else if (item.sla_paused) {
    // Waiting in a pause status: the deadline moves when the document resumes, so no countdown.
    tone = late ? "danger" : "neutral";
    text = late ? t("pausedLate") : t("paused");
    state = late ? "late" : "paused";
  } else if (late) {
    tone = "danger";
    text = t("overdue", { span: span(left) });
  } else {
    if (left < 24 * HOUR) tone = "warning";
    text = t("dueIn", { span: span(left) });
  }
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" title={t("deadline", { when })}>
      <Badge tone={tone} outlined className="px-2!" data-testid="sla-badge" data-sla={state}>
        {state === "late" && tone === "danger" ? <span aria-hidden>⚠</span> : null}
        {text}
      </Badge>
      {/* The date itself on wide screens (in the title below that): at 1,280 px the default columns must fit. */}
      <span className="sr-only 2xl:not-sr-only 2xl:text-xs 2xl:text-slate-600">{when}</span>
    </span>
  );
}
