"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useAddHolidays, useRemoveHoliday, type ModalityDetail } from "@/lib/api-client/settings.ts";
import { brazilNationalHolidays, type Holiday } from "@/lib/calendar/brazil-holidays.ts";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { addHolidaysSchema, type AddHolidaysInput } from "@/lib/settings/schemas.ts";

/** The modality's holidays: list with remove, one-by-one add, and Brazil's national holidays for a year. */
export function HolidaysEditor({ modality }: { modality: ModalityDetail }) {
  const t = useTranslations("settings.holidays");
  const format = useFormatter();
  const holidays = modality.holidays ?? [];
  const remove = useRemoveHoliday(modality.id);
  const removeErrors = useServerErrors(remove.error);
  const [showAll, setShowAll] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = holidays.filter((holiday) => holiday.date >= today);
  const shown = showAll ? holidays : upcoming;

  const label = (date: string) =>
    format.dateTime(new Date(`${date}T00:00:00Z`), {
      timeZone: "UTC",
      weekday: "short",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });

  return (
    <div className="space-y-5">
      <AddHoliday modalityId={modality.id} />
      <BrazilHolidays modalityId={modality.id} existing={new Set(holidays.map((holiday) => holiday.date))} />
      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-800">
            {showAll ? t("all", { count: holidays.length }) : t("upcoming", { count: upcoming.length })}
          </h3>
          {holidays.length !== upcoming.length ? (
            <Button size="sm" variant="ghost" onClick={() => setShowAll((value) => !value)}>
              {showAll ? t("showUpcoming") : t("showAll")}
            </Button>
          ) : null}
        </div>
        {removeErrors.form ? <Alert>{removeErrors.form}</Alert> : null}
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {shown.map((holiday) => (
              <li key={holiday.date} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <span>
                  <span className="font-mono text-slate-700">{label(holiday.date)}</span>{" "}
                  <span className="text-slate-900">{holiday.name}</span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-800"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(holiday.date)}
                  aria-label={t("removeNamed", { name: holiday.name, date: label(holiday.date) })}
                >
                  {t("remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AddHoliday({ modalityId }: { modalityId: number }) {
  const t = useTranslations("settings.holidays");
  const add = useAddHolidays(modalityId);
  // One holiday, named as the API's body (holidays.0.*), so the route's schema and its field errors apply as they are.
  const form = useZodForm<AddHolidaysInput>({
    schema: addHolidaysSchema,
    fields: ["holidays.0.date", "holidays.0.name"],
    defaultValues: { holidays: [{ date: "", name: "" }] },
  });
  const [done, setDone] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      form.reset();
      setDone(true);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        setDone(false);
        void submit(event);
      }}
    >
      <h3 className="text-sm font-semibold text-slate-800">{t("add")}</h3>
      {form.summary ? <Alert>{form.summary}</Alert> : null}
      {done ? <Alert tone="success">{t("added")}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <TextField
          label={t("date")}
          type="date"
          required
          error={form.fieldError("holidays.0.date")}
          {...form.register("holidays.0.date")}
        />
        <TextField
          label={t("name")}
          required
          error={form.fieldError("holidays.0.name")}
          {...form.register("holidays.0.name")}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending}>
          {t("addButton")}
        </Button>
      </div>
    </form>
  );
}

function BrazilHolidays({ modalityId, existing }: { modalityId: number; existing: Set<string> }) {
  const t = useTranslations("settings.holidays");
  const add = useAddHolidays(modalityId);
  const errors = useServerErrors(add.error);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [offer, setOffer] = useState<Holiday[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  function open() {
    const list = brazilNationalHolidays(year);
    setOffer(list);
    setChosen(new Set(list.filter((holiday) => !existing.has(holiday.date)).map((holiday) => holiday.date)));
    add.reset();
  }

  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <h3 className="text-sm font-semibold text-slate-800">{t("brazilTitle")}</h3>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t("year")}
          value={year}
          onChange={(event) => {
            setYear(Number(event.target.value));
            setOffer(null);
          }}
        >
          {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={open}>
          {t("brazilOffer")}
        </Button>
      </div>
      {offer ? (
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-700">{t("brazilChoose", { year })}</legend>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
            {offer.map((holiday) => {
              const present = existing.has(holiday.date);
              return (
                <li key={holiday.date}>
                  <label className={`flex items-start gap-2 text-sm ${present ? "text-slate-500" : "text-slate-800"}`}>
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4"
                      disabled={present}
                      checked={present || chosen.has(holiday.date)}
                      onChange={(event) =>
                        setChosen((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(holiday.date);
                          else next.delete(holiday.date);
                          return next;
                        })
                      }
                    />
                    <span>
                      <span className="font-mono">
                        {holiday.date.slice(8, 10)}/{holiday.date.slice(5, 7)}
                      </span>{" "}
                      {holiday.name}
                      {present ? ` (${t("alreadyThere")})` : ""}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setOffer(null)}>
              {t("brazilCancel")}
            </Button>
            <Button
              size="sm"
              disabled={chosen.size === 0 || add.isPending}
              onClick={() =>
                add.mutate(
                  { holidays: offer.filter((holiday) => chosen.has(holiday.date) && !existing.has(holiday.date)) },
                  { onSuccess: () => setOffer(null) },
                )
              }
            >
              {t("brazilAdd", { count: [...chosen].filter((date) => !existing.has(date)).length })}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
