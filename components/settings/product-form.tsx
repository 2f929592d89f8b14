"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useModalities, useSaveProduct, type ProductDetail } from "@/lib/api-client/settings.ts";
import { FormFooter, numberOrNull } from "./layout-parts.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { SaveButtonRow, SettingsForm } from "./settings-form.tsx";

function readProduct(form: FormData) {
  return {
    name: String(form.get("name") ?? "").trim(),
    description: String(form.get("description") ?? ""),
    sla: numberOrNull(form.get("sla")) as number | null,
    active: form.get("active") === "on",
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
 * field says so and shows what the typed hours mean in calendar days, per modality with a calendar (issue 22: "72 h"
 * silently meant about 12 calendar days on business hours). Holidays lengthen it further. */
function SlaHoursField({ product, error }: { product: ProductDetail | null; error?: string }) {
  const t = useTranslations("settings.products");
  const modalities = useModalities();
  const [hours, setHours] = useState(product?.sla === null || product?.sla === undefined ? "" : String(product.sla));
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
        name="sla"
        type="number"
        min={0}
        step="any"
        value={hours}
        onChange={(event) => setHours(event.target.value)}
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

function ProductFields({
  product,
  errors,
}: {
  product: ProductDetail | null;
  errors: ReturnType<typeof useServerErrors>;
}) {
  const t = useTranslations("settings");
  return (
    <>
      <TextField
        label={t("products.name")}
        name="name"
        defaultValue={product?.name ?? ""}
        error={errors.field("name")}
        required
      />
      <TextAreaField
        label={t("products.description")}
        name="description"
        rows={2}
        defaultValue={product?.description ?? ""}
        error={errors.field("description")}
      />
      <SlaHoursField product={product} error={errors.field("sla")} />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" name="active" defaultChecked={product?.active ?? true} className="h-4 w-4" />
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
  const errors = useServerErrors(save.error);
  return (
    <Dialog open title={t("products.new")} onClose={onClose}>
      <SettingsForm
        errors={errors}
        onSubmit={(form) => {
          save.mutate(
            { input: readProduct(form) },
            { onSuccess: (product) => router.push(`/settings/products/${product.id}`) },
          );
        }}
      >
        <ProductFields product={null} errors={errors} />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </SettingsForm>
    </Dialog>
  );
}

/** The product's own fields on its page. */
export function ProductForm({ product }: { product: ProductDetail }) {
  const t = useTranslations("settings");
  const save = useSaveProduct();
  const errors = useServerErrors(save.error);
  const [saved, setSaved] = useState(false);
  return (
    <SettingsForm
      errors={errors}
      onSubmit={(form) => {
        setSaved(false);
        save.mutate({ id: product.id, input: readProduct(form) }, { onSuccess: () => setSaved(true) });
      }}
    >
      {saved ? <Alert tone="success">{t("common.saved")}</Alert> : null}
      <ProductFields product={product} errors={errors} />
      <SaveButtonRow pending={save.isPending} />
    </SettingsForm>
  );
}
