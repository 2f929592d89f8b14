"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { FilePicker } from "@/components/tracking/file-picker.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  useSaveTrackingPageSettings,
  useTrackingLogo,
  useTrackingPageSettings,
} from "@/lib/api-client/tracking-settings.ts";
import type { TrackingPageSettings } from "@/lib/tracking/answers.ts";

/** Configurações → Página do cliente: the company's name, logo, help channel and privacy notice on /acompanhar. */
export function TrackingPagePanel() {
  const t = useTranslations("settings.trackingPage");
  const query = useTrackingPageSettings();
  // Owned here, not by the form: saving replaces the cached settings, which remounts the form with the saved values
  // (and a mutation owned by the form would forget its success with it).
  const save = useSaveTrackingPageSettings();
  const errorText = useErrorText();
  if (query.isPending) return <Spinner label={t("loading")} />;
  if (query.isError) return <Alert>{errorText.text(query.error)}</Alert>;
  return (
    <div className="space-y-4">
      <TextsForm key={JSON.stringify({ ...query.data, logo: null })} initial={query.data} save={save} />
      <LogoForm current={query.data} />
    </div>
  );
}

function TextsForm({
  initial,
  save,
}: {
  initial: TrackingPageSettings;
  save: ReturnType<typeof useSaveTrackingPageSettings>;
}) {
  const t = useTranslations("settings.trackingPage");
  const errors = useServerErrors(save.error);
  return (
    <Card title={t("title")}>
      <p className="mb-3 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <form
        noValidate
        className="grid max-w-2xl gap-3"
        onChange={errors.clearOnEdit}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => String(form.get(name) ?? "").trim() || null;
          save.mutate({
            company_name: text("company_name"),
            help_email: text("help_email"),
            help_phone: text("help_phone"),
            help_whatsapp: text("help_whatsapp"),
            privacy_url: text("privacy_url"),
          });
        }}
      >
        <TextField
          label={t("companyName")}
          name="company_name"
          defaultValue={initial.company_name ?? ""}
          hint={t("companyNameHint", { name: initial.default_name })}
          error={errors.field("company_name")}
          maxLength={120}
        />
        <TextField
          label={t("helpEmail")}
          name="help_email"
          type="email"
          defaultValue={initial.help_email ?? ""}
          error={errors.field("help_email")}
        />
        <TextField
          label={t("helpPhone")}
          name="help_phone"
          inputMode="tel"
          defaultValue={initial.help_phone ?? ""}
          hint={t("helpPhoneHint")}
          error={errors.field("help_phone")}
        />
        <TextField
          label={t("helpWhatsapp")}
          name="help_whatsapp"
          inputMode="tel"
          defaultValue={initial.help_whatsapp ?? ""}
          hint={t("helpWhatsappHint")}
          error={errors.field("help_whatsapp")}
        />
        <TextField
          label={t("privacyUrl")}
          name="privacy_url"
          inputMode="url"
          defaultValue={initial.privacy_url ?? ""}
          hint={t("privacyUrlHint")}
          error={errors.field("privacy_url")}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t("save")}
          </Button>
        </div>
        <div aria-live="polite">
          {save.isSuccess ? <Alert tone="success">{t("saved")}</Alert> : null}
          {errors.form ? <Alert>{errors.form}</Alert> : null}
        </div>
      </form>
    </Card>
  );
}

function LogoForm({ current }: { current: TrackingPageSettings }) {
  const t = useTranslations("settings.trackingPage");
  const { upload, remove } = useTrackingLogo();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const failure = upload.error ?? remove.error;
  const status = (failure as { status?: number } | null)?.status;
  return (
    <Card title={t("logo")}>
      <div className="max-w-2xl space-y-3">
        {current.logo ? (
          // The admin's own upload, served by our API.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={current.logo.url} alt={t("logoCurrent")} className="h-16 w-auto rounded border border-slate-200" />
        ) : (
          <p className="text-sm text-slate-600">{t("noLogo")}</p>
        )}
        <FilePicker
          key={pickerKey}
          label={t("logoFile")}
          hint={t("logoHint")}
          file={file}
          onChange={setFile}
          accept="image/png,image/jpeg,image/webp"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!file || upload.isPending}
            onClick={() =>
              file &&
              upload.mutate(file, {
                onSuccess: () => {
                  setFile(null);
                  setPickerKey((key) => key + 1);
                },
              })
            }
          >
            {t("logoUpload")}
          </Button>
          {current.logo ? (
            <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t("logoRemove")}
            </Button>
          ) : null}
        </div>
        <div aria-live="polite">
          {failure ? (
            <Alert>
              {status === 415 ? t("logoType") : status === 413 ? t("logoTooLarge") : errorText.text(failure)}
            </Alert>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
