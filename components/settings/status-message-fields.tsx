"use client";
// The customer-facing part of a status: its public name, and whether entering it e-mails the customer with which
// pt-BR template (placeholders listed; empty fields use the default text of lib/outbox/template.ts).

import { useState } from "react";
import { useTranslations } from "use-intl";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import type { StatusRow } from "@/lib/api-client/settings.ts";
import { StatusTestSend } from "./status-test-send.tsx";

export type StatusMessageInput = {
  public_name: string | null;
  notify_customer: boolean;
  message_subject: string | null;
  message_body: string | null;
};

const textOrNull = (value: FormDataEntryValue | null) => String(value ?? "").trim() || null;

/** The four fields from the dialog's form data. */
export function statusMessageInput(form: FormData): StatusMessageInput {
  return {
    public_name: textOrNull(form.get("public_name")),
    notify_customer: form.get("notify_customer") === "on",
    message_subject: textOrNull(form.get("message_subject")),
    message_body: textOrNull(form.get("message_body")),
  };
}

export function StatusMessageFields({
  status,
  fieldError,
}: {
  status: StatusRow | null;
  fieldError: (path: string) => string | undefined;
}) {
  const t = useTranslations("settings.statuses.message");
  const [notify, setNotify] = useState(status?.notify_customer ?? false);
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("legend")}</legend>
      <TextField
        label={t("publicName")}
        name="public_name"
        defaultValue={status?.public_name ?? ""}
        hint={t("publicNameHint")}
        error={fieldError("public_name")}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="notify_customer"
          className="h-4 w-4"
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        {t("notify")}
      </label>
      {notify ? (
        <>
          <p className="text-xs text-slate-600">{t("placeholders")}</p>
          <TextField
            label={t("subject")}
            name="message_subject"
            defaultValue={status?.message_subject ?? ""}
            hint={t("subjectHint")}
            error={fieldError("message_subject")}
          />
          <TextAreaField
            label={t("body")}
            name="message_body"
            rows={6}
            defaultValue={status?.message_body ?? ""}
            hint={t("bodyHint")}
            error={fieldError("message_body")}
          />
          {status ? <StatusTestSend statusId={status.id} /> : null}
        </>
      ) : null}
    </fieldset>
  );
}
