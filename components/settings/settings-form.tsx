"use client";
// The form of a settings dialog or page: server errors above the fields, stale field errors cleared on edit.

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import type { ServerErrors } from "@/components/ui/server-errors.ts";

export function SettingsForm({
  errors,
  onSubmit,
  children,
}: {
  errors: ServerErrors;
  /** Called with the form's data; the browser's own submission is prevented. */
  onSubmit: (form: FormData) => void;
  children: React.ReactNode;
}) {
  return (
    <form
      onChange={errors.clearOnEdit}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      {children}
    </form>
  );
}

/** The save button at the end of a form shown on a page (not in a dialog). */
export function SaveButtonRow({ pending }: { pending: boolean }) {
  const t = useTranslations("settings.common");
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </div>
  );
}
