"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useDeleteModality, useModalities, useSaveModality, type ModalityRow } from "@/lib/api-client/settings.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { cell, wideOnly, FormFooter, QueryState, SectionHeader, SettingsTable } from "./layout-parts.tsx";
import { DeleteButton, OpenLink, RowActions } from "./row-actions.tsx";
import { modalityInputs, newModalitySchema, type ModalityValues } from "./modality-schema.ts";
import { zoneOptions } from "./time-zones.ts";
import { useWeekdayNames } from "./weekdays.ts";

export function ModalitiesPanel() {
  const t = useTranslations("settings");
  const query = useModalities();
  const [creating, setCreating] = useState(false);
  const deletion = usePendingDelete<ModalityRow>(useDeleteModality());
  const summary = useCalendarSummary();

  return (
    <>
      <SectionHeader
        title={t("modalities.title")}
        intro={t("modalities.intro")}
        action={<Button onClick={() => setCreating(true)}>{t("modalities.new")}</Button>}
      />
      <QueryState query={query}>
        {(modalities) => (
          <SettingsTable
            caption={t("modalities.title")}
            head={[
              t("modalities.identifier"),
              { label: t("modalities.timeZone"), className: wideOnly },
              t("modalities.calendar"),
              { label: t("modalities.holidays"), className: wideOnly },
              t("modalities.documents"),
              t("common.actions"),
            ]}
          >
            {modalities.map((modality) => (
              <tr key={modality.id}>
                <td className={`${cell} font-medium text-slate-900`}>{modality.identifier}</td>
                <td className={`${cell} ${wideOnly}`}>{modality.time_zone}</td>
                <td className={cell}>{summary(modality.working_hours as WorkingHoursValue)}</td>
                <td className={`${cell} ${wideOnly}`}>{modality.holidays?.length ?? 0}</td>
                <td className={cell}>{modality.document_count}</td>
                <RowActions>
                  <OpenLink
                    href={`/settings/modalities/${modality.id}`}
                    label={t("modalities.open")}
                    ariaLabel={t("modalities.openNamed", { name: modality.identifier })}
                  />
                  <DeleteButton
                    name={modality.identifier}
                    onClick={() => deletion.ask(modality)}
                    refusal={
                      modality.document_count > 0
                        ? t("common.inUseDocuments", { count: modality.document_count })
                        : null
                    }
                  />
                </RowActions>
              </tr>
            ))}
          </SettingsTable>
        )}
      </QueryState>
      {creating ? <NewModalityDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.identifier} body={t("modalities.deleteBody")} />
    </>
  );
}

type WorkingHoursValue = Partial<Record<string, Array<[string, string]>>> | null;

/** "Plain hours", or the working days with their hours: "Seg–Sex 09:00–18:00". */
export function useCalendarSummary() {
  const t = useTranslations("settings.modalities");
  const names = useWeekdayNames("short");
  return (hours: WorkingHoursValue) => {
    if (!hours || Object.keys(hours).length === 0) return t("plainHours");
    const days = Object.keys(hours).sort();
    const ranges = (day: string) => (hours[day] ?? []).map(([from, to]) => `${from}–${to}`).join(", ");
    const same = days.every((day) => ranges(day) === ranges(days[0]!));
    const contiguous = days.every((day, index) => index === 0 || Number(day) === Number(days[index - 1]) + 1);
    if (same && contiguous && days.length > 1) {
      return `${names[days[0]!]}–${names[days.at(-1)!]} ${ranges(days[0]!)}`;
    }
    return days.map((day) => `${names[day]} ${ranges(day)}`).join("; ");
  };
}

export function NewModalityDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings");
  const router = useRouter();
  const save = useSaveModality();
  const form = useZodForm<ModalityValues, z.output<typeof newModalitySchema>>({
    schema: newModalitySchema,
    fields: Object.keys(modalityInputs.shape),
    defaultValues: { identifier: "", time_zone: "America/Sao_Paulo" },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      const modality = await save.mutateAsync({ input });
      router.push(`/settings/modalities/${modality.id}`);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={t("modalities.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField
          label={t("modalities.identifier")}
          hint={t("modalities.identifierHint")}
          error={form.fieldError("identifier")}
          required
          {...form.register("identifier")}
        />
        <SelectField
          label={t("modalities.timeZone")}
          error={form.fieldError("time_zone")}
          {...form.register("time_zone")}
        >
          {zoneOptions().map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
