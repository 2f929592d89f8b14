"use client";
// The customer-facing part of a status: its public name, and whether entering it e-mails the customer with which
// pt-BR template (placeholders listed; empty fields use the default text of lib/outbox/template.ts).

import { useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import type { StatusRow } from "@/lib/api-client/settings.ts";
import { StatusTestSend } from "./status-test-send.tsx";

/** The four fields as typed (the status dialog's form owns them; it turns them into the body). */
export type StatusMessageValues = {
  public_name: string;
  notify_customer: boolean;
  message_subject: string;
  message_body: string;
};

export function StatusMessageFields({
  status,
  form,
  fieldError,
}: {
  status: StatusRow | null;
  form: UseFormReturn<StatusMessageValues>;
  fieldError: (path: string) => string | undefined;
}) {
  const t = useTranslations("settings.statuses.message");
  const notify = useWatch({ control: form.control, name: "notify_customer" });
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("legend")}</legend>
      <TextField
        label={t("publicName")}
        hint={t("publicNameHint")}
        error={fieldError("public_name")}
        {...form.register("public_name")}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" {...form.register("notify_customer")} />
        {t("notify")}
      </label>
      {notify ? (
        <>
          <p className="text-xs text-slate-600">{t("placeholders")}</p>
          <TextField
            label={t("subject")}
            hint={t("subjectHint")}
            error={fieldError("message_subject")}
            {...form.register("message_subject")}
          />
          <TextAreaField
            label={t("body")}
            rows={6}
            hint={t("bodyHint")}
            error={fieldError("message_body")}
            {...form.register("message_body")}
          />
          {status ? <StatusTestSend statusId={status.id} /> : null}
        </>
      ) : null}
    </fieldset>
  );
}
