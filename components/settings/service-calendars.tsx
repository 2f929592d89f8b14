"use client";
// The calendars a product's SLA is counted on, beside the products list: "72 h" are service hours on the document's
// modality calendar (lib/sla/calendar.ts), so an admin sees which week they mean before a case due ten calendar days
// later surprises anyone.

import { useTranslations } from "use-intl";
import { useModalities, type ModalityRow } from "@/lib/api-client/settings.ts";
import { useCalendarSummary } from "./modalities-panel.tsx";

export function ServiceCalendars() {
  const t = useTranslations("settings.products.calendars");
  const modalities = useModalities();
  const summary = useCalendarSummary();
  if (!modalities.data?.length) return null;
  const line = (modality: ModalityRow) =>
    modality.working_hours && Object.keys(modality.working_hours).length
      ? t("line", {
          name: modality.identifier,
          week: summary(modality.working_hours),
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
