"use client";

import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useSaveCompanyName } from "@/lib/api-client/tracking-settings.ts";
import { COMPANY_NAME_MAX, companyNamePromptSchema } from "@/lib/tracking/schemas.ts";

/** Where the whole tracking-page form is: the prompt would repeat its first field there. */
const TRACKING_SETTINGS_PATH = "/settings/tracking-page";

type Values = { company_name: string };

/**
 * Above an admin's staff pages while customers see no company name (`ask`: app/(staff)/staff-shell.tsx decides): one
 * field saved through the tracking page's settings. It never blocks the page; once saved it is gone, the server is
 * asked again (router.refresh: `ask` turns false) and the confirmation stays on this page only — the component lives
 * in the layout, which keeps its state across the next client navigations.
 */
export function CompanyNamePrompt({ ask }: { ask: boolean }) {
  const t = useTranslations("common.companyPrompt");
  const pathname = usePathname();
  const router = useRouter();
  const save = useSaveCompanyName();
  const [saved, setSaved] = useState<{ name: string | null; on: string } | null>(null);
  const form = useZodForm<Values, Values>({
    schema: companyNamePromptSchema,
    fields: ["company_name"],
    defaultValues: { company_name: "" },
  });
  const submit = form.handleSubmit(async ({ company_name }) => {
    try {
      const answer = await save.mutateAsync(company_name);
      setSaved({ name: answer.company_name, on: pathname });
      router.refresh();
    } catch (error) {
      form.showServerError(error);
    }
  });
  if (saved) {
    return saved.on === pathname ? (
      <div className="mb-4">
        <Alert tone="success">{t("saved", { name: saved.name ?? "" })}</Alert>
      </div>
    ) : null;
  }
  if (!ask || pathname === TRACKING_SETTINGS_PATH) return null;
  return (
    <section
      aria-labelledby="company-name-prompt-title"
      data-testid="company-name-prompt"
      className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-4 print:hidden"
    >
      {/* Not a heading: the page's own h1 stays its first heading. */}
      <p id="company-name-prompt-title" className="text-base font-semibold text-slate-900">
        {t("title")}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      <form noValidate className="mt-3 flex flex-wrap items-start gap-3" onSubmit={submit}>
        <TextField
          label={t("field")}
          className="min-w-64 flex-1"
          placeholder={t("placeholder")}
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          error={form.fieldError("company_name")}
          {...form.register("company_name")}
        />
        <Button type="submit" disabled={save.isPending} className="sm:mt-6">
          {t("save")}
        </Button>
      </form>
      {form.rootError ? (
        <div className="mt-2" aria-live="polite">
          <Alert>{form.rootError}</Alert>
        </div>
      ) : null}
    </section>
  );
}
