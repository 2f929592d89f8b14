"use client";

import { useRouter } from "next/navigation";
import { useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useSaveOnPage, useZodForm, type ZodForm } from "@/components/ui/zod-form.ts";
import { useModalities, useSaveProduct, type ProductDetail } from "@/lib/api-client/settings.ts";
import { createProductSchema, updateProductSchema } from "@/lib/settings/schemas.ts";
import { FormFooter, numberOrNull, SaveButtonRow } from "./layout-parts.tsx";

/** The product form's inputs as typed → the body the route parses (create or update schema, lib/settings/schemas.ts). */
const productInputs = z.object({ name: z.string(), description: z.string(), sla: z.string(), active: z.boolean() });
type ProductValues = z.infer<typeof productInputs>;
const toBody = (values: ProductValues): z.input<typeof createProductSchema> => ({
  name: values.name.trim(),
  description: values.description,
  sla: numberOrNull(values.sla) as number | null,
  active: values.active,
});
const newProductSchema = productInputs.transform(toBody).pipe(createProductSchema);
const productEditSchema = productInputs
  .transform((values): z.input<typeof updateProductSchema> => toBody(values))
  .pipe(updateProductSchema);
const PRODUCT_FIELDS = ["name", "description", "sla", "active"] as const;

function productDefaults(product: ProductDetail | null): ProductValues {
  return {
    name: product?.name ?? "",
    description: product?.description ?? "",
    sla: product?.sla === null || product?.sla === undefined ? "" : String(product.sla),
    active: product?.active ?? true,
  };
}

/** Service hours a modality's week holds ({"1": [["09:00","18:00"]], …}). */
function weeklyHours(workingHours: Record<string, Array<[string, string]>>): number {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  let total = 0;
  for (const intervals of Object.values(workingHours)) {
    for (const [from, to] of intervals) total += Math.max(0, minutes(to) - minutes(from));
  }
  return total / 60;
}

/** The product's SLA is counted in service hours on the document's modality calendar (lib/sla/calendar.ts): the
 * field says so and shows what the typed hours mean in calendar days, per modality with a calendar ("72 h"
 * silently meant about 12 calendar days on business hours). Holidays lengthen it further. */
function SlaHoursField({
  hours,
  registration,
  error,
}: {
  hours: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const t = useTranslations("settings.products");
  const modalities = useModalities();
  const value = Number(hours.replace(",", "."));
  const days = (n: number) => new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 }).format(n);
  const withCalendar = (modalities.data ?? []).filter((modality) => modality.working_hours);
  const lines =
    hours.trim() !== "" && Number.isFinite(value) && value > 0
      ? [
          ...withCalendar.slice(0, 3).map((modality) => {
            const week = weeklyHours(modality.working_hours as Record<string, Array<[string, string]>>);
            return week > 0
              ? t("slaEquivalent", {
                  hours: days(value),
                  days: days((value / week) * 7),
                  modality: modality.identifier,
                  week: days(week),
                })
              : null;
          }),
          t("slaEquivalentPlain", { hours: days(value), days: days(value / 24) }),
        ].filter((line): line is string => line !== null)
      : [];
  return (
    <div>
      <TextField
        label={t("slaHours")}
        type="number"
        min={0}
        step="any"
        {...registration}
        hint={t("slaHint")}
        error={error}
      />
      {lines.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-xs text-slate-700" data-testid="sla-equivalent" aria-live="polite">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ProductFields<Output>({ form }: { form: ZodForm<ProductValues, Output> }) {
  const t = useTranslations("settings");
  const hours = useWatch({ control: form.control, name: "sla" });
  return (
    <>
      <TextField label={t("products.name")} error={form.fieldError("name")} required {...form.register("name")} />
      <TextAreaField
        label={t("products.description")}
        rows={2}
        error={form.fieldError("description")}
        {...form.register("description")}
      />
      <SlaHoursField hours={hours} registration={form.register("sla")} error={form.fieldError("sla")} />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" className="h-4 w-4" {...form.register("active")} />
        {t("products.activeLabel")}
      </label>
    </>
  );
}

/** New product: saved, then opened on its page to add columns and steps. */
export function ProductDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings");
  const router = useRouter();
  const save = useSaveProduct();
  const form = useZodForm<ProductValues, z.output<typeof newProductSchema>>({
    schema: newProductSchema,
    fields: PRODUCT_FIELDS,
    defaultValues: productDefaults(null),
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      const product = await save.mutateAsync({ input });
      router.push(`/settings/products/${product.id}`);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={t("products.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <ProductFields form={form} />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The product's own fields on its page. */
export function ProductForm({ product }: { product: ProductDetail }) {
  const t = useTranslations("settings");
  const save = useSaveProduct();
  const form = useZodForm<ProductValues, z.output<typeof productEditSchema>>({
    schema: productEditSchema,
    fields: PRODUCT_FIELDS,
    defaultValues: productDefaults(product),
  });
  const { submit, saved } = useSaveOnPage(form, (input) => save.mutateAsync({ id: product.id, input }));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {form.summary ? <Alert>{form.summary}</Alert> : null}
      {saved ? <Alert tone="success">{t("common.saved")}</Alert> : null}
      <ProductFields form={form} />
      <SaveButtonRow pending={save.isPending} />
    </form>
  );
}
