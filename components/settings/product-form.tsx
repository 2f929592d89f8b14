"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useSaveProduct, type ProductDetail } from "@/lib/api-client/settings.ts";
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
      <TextField
        label={t("products.slaHours")}
        name="sla"
        type="number"
        min={0}
        step="any"
        defaultValue={product?.sla ?? ""}
        hint={t("products.slaHint")}
        error={errors.field("sla")}
      />
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
