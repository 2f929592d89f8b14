"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useSaveStatus, type CategoryRow, type ProductRow, type StatusRow } from "@/lib/api-client/settings.ts";
import { contrastRatio } from "./contrast.ts";
import { FormFooter, numberOrNull, OrderField, orderInput } from "./layout-parts.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { StatusMessageFields, statusMessageInput } from "./status-message-fields.tsx";

/** Create or edit a status: fields, colours with a contrast preview, step, allowed transitions, customer message. */
export function StatusDialog({
  status,
  statuses,
  categories,
  products,
  onClose,
}: {
  status: StatusRow | null;
  statuses: StatusRow[];
  categories: CategoryRow[];
  products: ProductRow[];
  onClose: () => void;
}) {
  const t = useTranslations("settings");
  const save = useSaveStatus();
  const errors = useServerErrors(save.error);
  const [name, setName] = useState(status?.name ?? "");
  const [textColor, setTextColor] = useState(status?.text_color ?? "#1f2937");
  const [bgColor, setBgColor] = useState(status?.bg_color ?? "#e5e7eb");
  const [allowed, setAllowed] = useState<number[]>(status?.allowed_status_ids ?? []);
  const [final, setFinal] = useState<boolean>(status?.final ?? false);
  const others = statuses.filter((other) => other.id !== status?.id);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const step = String(form.get("step_id") ?? "");
    const input = {
      name: name.trim(),
      description: String(form.get("description") ?? ""),
      category_id: Number(form.get("category_id")),
      sla: numberOrNull(form.get("sla")) as number | null,
      text_color: textColor.trim(),
      bg_color: bgColor.trim(),
      step_id: step ? Number(step) : null,
      allowed_status_ids: allowed,
      final,
      ...statusMessageInput(form),
      ...orderInput(form),
    };
    save.mutate({ id: status?.id, input }, { onSuccess: onClose });
  }

  const ratio = contrastRatio(textColor, bgColor);

  return (
    <Dialog open wide title={status ? t("statuses.edit") : t("statuses.new")} onClose={onClose}>
      <form onChange={errors.clearOnEdit} onSubmit={submit} noValidate className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("statuses.name")}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.field("name")}
            required
          />
          <SelectField
            label={t("statuses.category")}
            name="category_id"
            defaultValue={status?.category_id ?? categories[0]?.id}
            error={errors.field("category_id")}
          >
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label} ({t(`categories.kinds.${category.kind}`)})
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label={t("statuses.description")}
          name="description"
          rows={2}
          defaultValue={status?.description ?? ""}
          error={errors.field("description")}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t("statuses.slaHours")}
            name="sla"
            type="number"
            min={0}
            step="any"
            defaultValue={status?.sla ?? ""}
            hint={t("statuses.slaHint")}
            error={errors.field("sla")}
          />
          <OrderField defaultValue={status?.order} hint={t("common.orderHint")} error={errors.field("order")} />
          <SelectField
            label={t("statuses.step")}
            name="step_id"
            defaultValue={status?.step_id ?? ""}
            error={errors.field("step_id")}
          >
            <option value="">{t("statuses.noStep")}</option>
            {products.map((product) => (
              <optgroup key={product.id} label={product.name}>
                {(product.steps ?? []).map((step) => (
                  <option key={step.id} value={step.id}>
                    {step.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        </div>

        <fieldset className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">{t("statuses.colours")}</legend>
          <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <ColourField
              label={t("statuses.textColor")}
              name="text_color"
              value={textColor}
              onChange={setTextColor}
              error={errors.field("text_color")}
            />
            <ColourField
              label={t("statuses.bgColor")}
              name="bg_color"
              value={bgColor}
              onChange={setBgColor}
              error={errors.field("bg_color")}
            />
            <div className="text-sm" aria-live="polite">
              <p className="mb-1 font-medium text-slate-700">{t("statuses.preview")}</p>
              <Badge color={textColor} background={bgColor}>
                {name || t("statuses.previewText")}
              </Badge>
              {ratio === null ? null : (
                <p className={`mt-1 text-xs ${ratio >= 4.5 ? "text-green-800" : "text-red-700"}`}>
                  {t(ratio >= 4.5 ? "statuses.contrastOk" : "statuses.contrastLow", {
                    ratio: ratio.toFixed(1),
                  })}
                </p>
              )}
            </div>
          </div>
        </fieldset>

        <fieldset className="rounded-md border border-slate-200 p-3" aria-describedby="transitions-hint">
          <legend className="px-1 text-sm font-medium text-slate-700">{t("statuses.allowedTransitions")}</legend>
          <p id="transitions-hint" className="mb-2 text-xs text-slate-600">
            {final ? t("statuses.transitionsHintFinal") : t("statuses.transitionsHint")}
          </p>
          <label className="mb-2 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="final"
              className="mt-0.5 h-4 w-4"
              checked={final}
              onChange={(event) => setFinal(event.target.checked)}
            />
            <span>{t("statuses.final")}</span>
          </label>
          <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
            {others.map((other) => (
              <label key={other.id} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={allowed.includes(other.id)}
                  onChange={(event) =>
                    setAllowed((current) =>
                      event.target.checked ? [...current, other.id] : current.filter((id) => id !== other.id),
                    )
                  }
                />
                {other.name}
              </label>
            ))}
          </div>
          {errors.field("allowed_status_ids") ? (
            <p className="mt-1 text-xs text-red-700">{errors.field("allowed_status_ids")}</p>
          ) : null}
        </fieldset>
        <StatusMessageFields status={status} fieldError={errors.field} />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** A colour as text (#rrggbb) with a native picker beside it, both labelled; the error sits under both. */
function ColourField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useTranslations("settings.statuses");
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-600"
        />
        <input
          type="color"
          aria-label={t("picker", { label })}
          value={valid ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-1"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
