"use client";

import { useTranslations } from "use-intl";
import type { z } from "zod";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useSaveOnPage, useZodForm } from "@/components/ui/zod-form.ts";
import { useModality, useSaveModality, type ModalityDetail } from "@/lib/api-client/settings.ts";
import { CalendarEditor } from "./calendar-editor.tsx";
import { DetailPage } from "./detail-page.tsx";
import { HolidaysEditor } from "./holidays-editor.tsx";
import { SaveButtonRow } from "./layout-parts.tsx";
import { modalityEditSchema, modalityInputs, type ModalityValues } from "./modality-schema.ts";
import { zoneOptions } from "./time-zones.ts";

export function ModalityDetailPanel({ id }: { id: number }) {
  const t = useTranslations("settings");
  const query = useModality(id);
  return (
    <DetailPage
      backHref="/settings/modalities"
      backLabel={t("modalities.back")}
      query={query}
      title={(modality) => modality.identifier}
    >
      {(modality) => (
        <>
          <p className="max-w-3xl text-sm text-slate-600">{t("modalities.appliesFromNow")}</p>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <div className="space-y-6">
              <Card title={t("modalities.data")}>
                <ModalityForm modality={modality} />
              </Card>
              <Card title={t("holidays.title")}>
                <HolidaysEditor modality={modality} />
              </Card>
            </div>
            <Card title={t("calendar.title")}>
              <CalendarEditor modality={modality} />
            </Card>
          </div>
        </>
      )}
    </DetailPage>
  );
}

export function ModalityForm({ modality }: { modality: ModalityDetail }) {
  const t = useTranslations("settings");
  const save = useSaveModality();
  const form = useZodForm<ModalityValues, z.output<typeof modalityEditSchema>>({
    schema: modalityEditSchema,
    fields: Object.keys(modalityInputs.shape),
    defaultValues: { identifier: modality.identifier, time_zone: modality.time_zone },
  });
  const { submit, saved } = useSaveOnPage(form, (input) => save.mutateAsync({ id: modality.id, input }));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {form.summary ? <Alert>{form.summary}</Alert> : null}
      {saved ? <Alert tone="success">{t("common.saved")}</Alert> : null}
      <TextField
        label={t("modalities.identifier")}
        hint={t("modalities.renameHint")}
        error={form.fieldError("identifier")}
        required
        {...form.register("identifier")}
      />
      <SelectField
        label={t("modalities.timeZone")}
        error={form.fieldError("time_zone")}
        {...form.register("time_zone")}
      >
        {zoneOptions(modality.time_zone).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <SaveButtonRow pending={save.isPending} />
    </form>
  );
}
