"use client";

import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useSaveOnPage, useZodForm } from "@/components/ui/zod-form.ts";
import { useSaveSecondFactorPolicy, useSecondFactorPolicy } from "@/lib/api-client/second-factor.ts";
import {
  REMEMBER_DEVICE_MAX_DAYS,
  SECOND_FACTOR_REQUIREMENTS,
  secondFactorPolicySchema,
  type SecondFactorPolicy,
} from "@/lib/auth/second-factor.ts";
import { QueryState } from "./layout-parts.tsx";

// The number input gives text; the request wants an integer.
const policyInputs = z
  .object({ required_for: z.enum(SECOND_FACTOR_REQUIREMENTS), remember_device_days: z.string() })
  .transform((values) => ({ ...values, remember_device_days: Number(values.remember_device_days) }))
  .pipe(secondFactorPolicySchema);
type PolicyValues = z.input<typeof policyInputs>;

/** Settings → Usuários: who must sign in with a second factor, and how long a browser may be remembered. */
export function SecondFactorPolicyPanel() {
  const query = useSecondFactorPolicy();
  return <QueryState query={query}>{(policy) => <PolicyForm policy={policy} />}</QueryState>;
}

function PolicyForm({ policy }: { policy: SecondFactorPolicy }) {
  const t = useTranslations("settings.secondFactor");
  const save = useSaveSecondFactorPolicy();
  const form = useZodForm<PolicyValues, SecondFactorPolicy>({
    schema: policyInputs,
    fields: ["required_for", "remember_device_days"],
    defaultValues: { required_for: policy.required_for, remember_device_days: String(policy.remember_device_days) },
  });
  const { submit, saved } = useSaveOnPage(form, (input) => save.mutateAsync(input));
  return (
    <Card title={t("title")}>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-3 md:items-end" noValidate>
        <div className="md:col-span-3 space-y-2">
          <p className="text-sm text-slate-700">{t("intro")}</p>
          {form.rootError ? <Alert>{form.rootError}</Alert> : null}
          {saved ? <Alert tone="success">{t("saved")}</Alert> : null}
        </div>
        <SelectField
          label={t("requiredFor")}
          error={form.fieldError("required_for")}
          {...form.register("required_for")}
        >
          {SECOND_FACTOR_REQUIREMENTS.map((value) => (
            <option key={value} value={value}>
              {t(`requirement.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("rememberDays")}
          hint={t("rememberDaysHint")}
          type="number"
          min={0}
          max={REMEMBER_DEVICE_MAX_DAYS}
          error={form.fieldError("remember_device_days")}
          {...form.register("remember_device_days")}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("save")}
        </Button>
      </form>
    </Card>
  );
}
