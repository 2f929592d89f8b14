"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { FormSaveBar } from "@/components/ui/form-save-bar.tsx";
import { FilePicker } from "@/components/tracking/file-picker.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  useSaveTrackingPageSettings,
  useTrackingLogo,
  useTrackingPageSettings,
} from "@/lib/api-client/tracking-settings.ts";
import type { TrackingPageSettings } from "@/lib/tracking/answers.ts";
import { trackingPageSettingsSchema } from "@/lib/tracking/schemas.ts";

const TEXT_FIELDS = ["company_name", "help_email", "help_phone", "help_whatsapp", "privacy_url"] as const;
type TextsValues = Record<(typeof TEXT_FIELDS)[number], string>;

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
  // The PUT's own schema checks the fields in the browser first; the server's answer maps the same way.
  const form = useZodForm<TextsValues, ReturnType<typeof trackingPageSettingsSchema.parse>>({
    schema: trackingPageSettingsSchema,
    fields: TEXT_FIELDS,
    defaultValues: Object.fromEntries(TEXT_FIELDS.map((name) => [name, initial[name] ?? ""])) as TextsValues,
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Card title={t("title")}>
      <p className="mb-3 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <form noValidate className="grid max-w-2xl gap-3" onSubmit={submit}>
        <TextField
          label={t("companyName")}
          hint={t("companyNameHint", { name: initial.default_name })}
          error={form.fieldError("company_name")}
          {...form.register("company_name")}
          maxLength={120}
        />
        <TextField
          label={t("helpEmail")}
          type="email"
          error={form.fieldError("help_email")}
          {...form.register("help_email")}
        />
        <TextField
          label={t("helpPhone")}
          inputMode="tel"
          hint={t("helpPhoneHint")}
          error={form.fieldError("help_phone")}
          {...form.register("help_phone")}
        />
        <TextField
          label={t("helpWhatsapp")}
          inputMode="tel"
          hint={t("helpWhatsappHint")}
          error={form.fieldError("help_whatsapp")}
          {...form.register("help_whatsapp")}
        />
        <TextField
          label={t("privacyUrl")}
          inputMode="url"
          hint={t("privacyUrlHint")}
          error={form.fieldError("privacy_url")}
          {...form.register("privacy_url")}
        />
        <FormSaveBar
          saving={save.isPending}
          saved={save.isSuccess}
          summary={form.summary}
          saveLabel={t("save")}
          savedText={t("saved")}
        />
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
