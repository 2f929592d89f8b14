"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useDeleteModality, useModalities, useSaveModality, type ModalityRow } from "@/lib/api-client/settings.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import {
  actionsCell,
  actionsRow,
  cell,
  dangerText,
  wideOnly,
  FormFooter,
  QueryState,
  SectionHeader,
  SettingsTable,
} from "./layout-parts.tsx";
import { useServerErrors } from "./server-errors.ts";
import { zoneOptions } from "./time-zones.ts";
import { useWeekdayNames } from "./weekdays.ts";

export function ModalitiesPanel() {
  const t = useTranslations("settings");
  const query = useModalities();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ModalityRow | null>(null);
  const remove = useDeleteModality();
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
                <td className={actionsCell}>
                  <div className={actionsRow}>
                    <Link
                      href={`/settings/modalities/${modality.id}`}
                      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
                      aria-label={t("modalities.openNamed", { name: modality.identifier })}
                    >
                      {t("modalities.open")}
                    </Link>
                    <Button
                      size="sm"
                      variant="ghost"
                      className={dangerText}
                      onClick={() => {
                        remove.reset();
                        setDeleting(modality);
                      }}
                      aria-label={t("common.deleteNamed", { name: modality.identifier })}
                    >
                      {t("common.delete")}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </SettingsTable>
        )}
      </QueryState>
      {creating ? <NewModalityDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.confirmDelete", { name: deleting?.identifier ?? "" })}
        body={t("modalities.deleteBody")}
        confirmLabel={t("common.delete")}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}

type WorkingHoursValue = Partial<Record<string, Array<[string, string]>>> | null;

/** "Plain hours", or the working days with their hours: "Seg–Sex 09:00–18:00". */
function useCalendarSummary() {
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

function NewModalityDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings");
  const router = useRouter();
  const save = useSaveModality();
  const errors = useServerErrors(save.error);
  return (
    <Dialog open title={t("modalities.new")} onClose={onClose}>
      <form
        onChange={errors.clearOnEdit}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          save.mutate(
            {
              input: {
                identifier: String(form.get("identifier") ?? "").trim(),
                time_zone: String(form.get("time_zone")),
              },
            },
            { onSuccess: (modality) => router.push(`/settings/modalities/${modality.id}`) },
          );
        }}
      >
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <TextField
          label={t("modalities.identifier")}
          name="identifier"
          hint={t("modalities.identifierHint")}
          error={errors.field("identifier")}
          required
        />
        <SelectField
          label={t("modalities.timeZone")}
          name="time_zone"
          defaultValue="America/Sao_Paulo"
          error={errors.field("time_zone")}
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
