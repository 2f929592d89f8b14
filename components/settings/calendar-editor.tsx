"use client";

import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useSaveOnPage, useZodForm } from "@/components/ui/zod-form.ts";
import { useSaveModality, type ModalityDetail, type WorkingHours } from "@/lib/api-client/settings.ts";
import { ISO_WEEKDAYS } from "@/lib/settings/schemas.ts";
import { calendarSchema, type CalendarValues } from "./modality-schema.ts";
import { useWeekdayNames } from "./weekdays.ts";

type Interval = [string, string];
type Week = CalendarValues["week"];
/** A day's errors (overlap, a bad clock in one of its intervals) show under the day's row. */
const DAY_FIELDS = ISO_WEEKDAYS.map((day) => `week.${day}`);
const SHOWN_UNDER = Object.fromEntries(ISO_WEEKDAYS.map((day) => [`working_hours.${day}`, `week.${day}`]));

const BUSINESS: Week = Object.fromEntries(
  ISO_WEEKDAYS.map((day) => [day, Number(day) <= 5 ? [["09:00", "18:00"] as Interval] : []]),
);
const ALL_DAY: Week = Object.fromEntries(ISO_WEEKDAYS.map((day) => [day, [["00:00", "24:00"] as Interval]]));

const toWeek = (hours: WorkingHours | null): Week =>
  Object.fromEntries(ISO_WEEKDAYS.map((day) => [day, (hours?.[day] ?? []).map(([a, b]) => [a, b] as Interval)]));

/** Working intervals per ISO weekday (several per day allowed), or plain hours (no calendar). */
export function CalendarEditor({ modality }: { modality: ModalityDetail }) {
  const t = useTranslations("settings.calendar");
  const tc = useTranslations("settings.common");
  const names = useWeekdayNames("long");
  const save = useSaveModality();
  const initial = modality.working_hours as WorkingHours | null;
  const form = useZodForm<CalendarValues, z.output<typeof calendarSchema>>({
    schema: calendarSchema,
    fields: DAY_FIELDS,
    shownUnder: SHOWN_UNDER,
    defaultValues: { use_calendar: initial !== null, week: toWeek(initial) },
  });
  const { submit, saved, setSaved } = useSaveOnPage(form, (input) => save.mutateAsync({ id: modality.id, input }));
  const useCalendar = form.watch("use_calendar");
  const week = form.watch("week");

  const edit = (change: () => void) => {
    setSaved(false);
    form.clearErrors();
    change();
  };
  const update = (day: string, intervals: Interval[]) =>
    edit(() => form.setValue("week", { ...form.getValues("week"), [day]: intervals }, { shouldDirty: true }));

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {form.summary ? <Alert>{form.summary}</Alert> : null}
      {saved ? <Alert tone="success">{tc("saved")}</Alert> : null}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={useCalendar}
          onChange={(event) => edit(() => form.setValue("use_calendar", event.target.checked, { shouldDirty: true }))}
        />
        {t("useCalendar")}
      </label>
      {useCalendar ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-700">{t("presets")}</span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => edit(() => form.setValue("week", BUSINESS, { shouldDirty: true }))}
            >
              {t("presetBusiness")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => edit(() => form.setValue("week", ALL_DAY, { shouldDirty: true }))}
            >
              {t("presetAllDay")}
            </Button>
          </div>
          <div className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {ISO_WEEKDAYS.map((day) => (
              <DayRow
                key={day}
                name={names[day]!}
                intervals={week[day] ?? []}
                error={form.fieldError(`week.${day}`)}
                onChange={(intervals) => update(day, intervals)}
              />
            ))}
          </div>
        </>
      ) : (
        <Alert tone="info">{t("plainHoursInfo")}</Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? tc("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

function DayRow({
  name,
  intervals,
  error,
  onChange,
}: {
  name: string;
  intervals: Interval[];
  error?: string;
  onChange: (intervals: Interval[]) => void;
}) {
  const t = useTranslations("settings.calendar");
  const set = (index: number, position: 0 | 1, value: string) =>
    onChange(
      intervals.map((interval, i) =>
        i === index ? (position === 0 ? [value, interval[1]] : [interval[0], value]) : interval,
      ),
    );
  return (
    <fieldset className="grid gap-2 px-3 py-2 sm:grid-cols-[9rem_1fr] sm:items-start">
      <legend className="sr-only">{name}</legend>
      <div aria-hidden className="pt-1.5 text-sm font-medium text-slate-800">
        {name}
      </div>
      <div className="space-y-2">
        {intervals.length === 0 ? <p className="pt-1.5 text-sm text-slate-500">{t("closed")}</p> : null}
        {intervals.map((interval, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1 text-sm text-slate-700">
              <span className="sr-only">{t("startOf", { day: name, number: index + 1 })}</span>
              <input
                value={interval[0]}
                onChange={(event) => set(index, 0, event.target.value)}
                inputMode="numeric"
                placeholder="09:00"
                maxLength={5}
                aria-invalid={error ? true : undefined}
                className="w-20 rounded-md border border-slate-300 px-2 py-1 font-mono text-sm"
              />
            </label>
            <span aria-hidden>–</span>
            <label className="flex items-center gap-1 text-sm text-slate-700">
              <span className="sr-only">{t("endOf", { day: name, number: index + 1 })}</span>
              <input
                value={interval[1]}
                onChange={(event) => set(index, 1, event.target.value)}
                inputMode="numeric"
                placeholder="18:00"
                maxLength={5}
                aria-invalid={error ? true : undefined}
                className="w-20 rounded-md border border-slate-300 px-2 py-1 font-mono text-sm"
              />
            </label>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange(intervals.filter((_, i) => i !== index))}
              aria-label={t("removeInterval", { day: name, number: index + 1 })}
            >
              {t("remove")}
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onChange([...intervals, intervals.length ? ["", ""] : ["09:00", "18:00"]])}
          aria-label={t("addIntervalTo", { day: name })}
        >
          {t("addInterval")}
        </Button>
        {error ? <p className="text-xs text-red-700">{error}</p> : null}
      </div>
    </fieldset>
  );
}
