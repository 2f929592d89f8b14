"use client";

import { usePathname, useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
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
  const id = useId();
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
  const error = form.fieldError("company_name");
  // One row on a laptop (~70 px): the question is the field's own label, so the prompt costs the page little height.
  return (
    <section
      aria-labelledby={`${id}-label`}
      data-testid="company-name-prompt"
      className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 print:hidden"
    >
      <form noValidate className="flex flex-wrap items-center gap-x-4 gap-y-2" onSubmit={submit}>
        <div className="min-w-0 flex-1 basis-72">
          <label id={`${id}-label`} htmlFor={id} className="block text-sm font-semibold text-slate-900">
            {t("title")}
          </label>
          <p id={`${id}-intro`} className="text-sm text-slate-700">
            {t("intro")}
          </p>
        </div>
        <input
          id={id}
          className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 sm:w-80 lg:min-h-0"
          placeholder={t("placeholder")}
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          aria-describedby={error ? `${id}-intro ${id}-error` : `${id}-intro`}
          aria-invalid={error ? true : undefined}
          {...form.register("company_name")}
        />
        <Button type="submit" disabled={save.isPending}>
          {t("save")}
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {form.rootError ? (
        <div className="mt-2" aria-live="polite">
          <Alert>{form.rootError}</Alert>
        </div>
      ) : null}
    </section>
  );
}
