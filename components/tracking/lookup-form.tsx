"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";

/** Protocol + CPF/CNPJ, both required. */
export function LookupForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  onSubmit: (protocol: string, identifier: string) => void;
}) {
  const t = useTranslations("tracking");
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const protocol = String(form.get("protocol") ?? "").trim();
        const identifier = String(form.get("identifier") ?? "").trim();
        setMissing(!protocol || !identifier);
        if (protocol && identifier) onSubmit(protocol, identifier);
      }}
    >
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <TextField label={t("protocol")} name="protocol" autoComplete="off" inputMode="text" required />
      <TextField label={t("identifier")} name="identifier" autoComplete="off" required />
      <div aria-live="polite">{missing ? <Alert>{t("required")}</Alert> : error ? <Alert>{error}</Alert> : null}</div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("searching") : t("submit")}
      </Button>
    </form>
  );
}
