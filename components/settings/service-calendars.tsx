"use client";
// The calendars a product's SLA is counted on, beside the products list: "72 h" are service hours on the document's
// modality calendar (lib/sla/calendar.ts), so an admin sees which week they mean before a case due ten calendar days
// later surprises anyone.

import { useTranslations } from "use-intl";
import { useModalities, type ModalityRow } from "@/lib/api-client/settings.ts";
import { ISO_WEEKDAYS } from "@/lib/settings/schemas.ts";
import { useWeekdayNames } from "./weekdays.ts";

type WorkingHours = Partial<Record<(typeof ISO_WEEKDAYS)[number], Array<[string, string]>>>;

/** "Seg a Sex, 09:00–18:00; Sáb, 09:00–13:00": consecutive weekdays with the same hours are one range. */
function describeWeek(hours: WorkingHours, names: Record<string, string>, joiner: string): string {
  const runs: Array<{ from: string; to: string; text: string }> = [];
  for (const day of ISO_WEEKDAYS) {
    const intervals = hours[day];
    if (!intervals?.length) continue;
    const text = intervals.map(([from, to]) => `${from}–${to}`).join(", ");
    const last = runs.at(-1);
    if (last && last.text === text && Number(last.to) + 1 === Number(day)) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  return runs
    .map((run) =>
      run.from === run.to
        ? `${names[run.from]}, ${run.text}`
        : `${names[run.from]} ${joiner} ${names[run.to]}, ${run.text}`,
    )
    .join("; ");
}

export function ServiceCalendars() {
  const t = useTranslations("settings.products.calendars");
  const modalities = useModalities();
  const names = useWeekdayNames("short");
  if (!modalities.data?.length) return null;
  const line = (modality: ModalityRow) =>
    modality.working_hours && Object.keys(modality.working_hours).length
      ? t("line", {
          name: modality.identifier,
          week: describeWeek(modality.working_hours as WorkingHours, names, t("through")),
          holidays: modality.holidays?.length ?? 0,
        })
      : t("plain", { name: modality.identifier });
  return (
    <section
      aria-labelledby="service-calendars-title"
      className="mt-4 rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="service-calendars"
    >
      <h2 id="service-calendars-title" className="font-medium text-slate-900">
        {t("title")}
      </h2>
      <p className="mb-1 text-xs text-slate-600">{t("intro")}</p>
      <ul className="list-disc pl-5 text-slate-800">
        {modalities.data.map((modality) => (
          <li key={modality.id}>{line(modality)}</li>
        ))}
      </ul>
    </section>
  );
}
