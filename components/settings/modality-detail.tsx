"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useModality, useSaveModality, type ModalityDetail } from "@/lib/api-client/settings.ts";
import { CalendarEditor } from "./calendar-editor.tsx";
import { DetailPage } from "./detail-page.tsx";
import { HolidaysEditor } from "./holidays-editor.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { SaveButtonRow, SettingsForm } from "./settings-form.tsx";
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

function ModalityForm({ modality }: { modality: ModalityDetail }) {
  const t = useTranslations("settings");
  const save = useSaveModality();
  const errors = useServerErrors(save.error);
  const [saved, setSaved] = useState(false);
  return (
    <SettingsForm
      errors={errors}
      onSubmit={(form) => {
        setSaved(false);
        save.mutate(
          {
            id: modality.id,
            input: {
              identifier: String(form.get("identifier") ?? "").trim(),
              time_zone: String(form.get("time_zone")),
            },
          },
          { onSuccess: () => setSaved(true) },
        );
      }}
    >
      {saved ? <Alert tone="success">{t("common.saved")}</Alert> : null}
      <TextField
        label={t("modalities.identifier")}
        name="identifier"
        defaultValue={modality.identifier}
        hint={t("modalities.renameHint")}
        error={errors.field("identifier")}
        required
      />
      <SelectField
        label={t("modalities.timeZone")}
        name="time_zone"
        defaultValue={modality.time_zone}
        error={errors.field("time_zone")}
      >
        {zoneOptions(modality.time_zone).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <SaveButtonRow pending={save.isPending} />
    </SettingsForm>
  );
}
