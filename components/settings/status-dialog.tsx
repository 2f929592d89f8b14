"use client";

import { useId } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useSaveStatus, type CategoryRow, type ProductRow, type StatusRow } from "@/lib/api-client/settings.ts";
import { createStatusSchema } from "@/lib/settings/schemas.ts";
import { contrastRatio } from "./contrast.ts";
import { FormFooter, numberOrNull, OrderField } from "./layout-parts.tsx";
import { StatusMessageFields, type StatusMessageValues } from "./status-message-fields.tsx";

const textOrNull = (value: string) => value.trim() || null;

/** The dialog's inputs as typed → the status body, checked by the API's own schema (createStatusSchema): a template
 * naming an unknown placeholder is refused under its field before anything is sent, in the server's words. */
const statusFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    category_id: z.string(),
    sla: z.string(),
    order: z.string(),
    step_id: z.string(),
    text_color: z.string(),
    bg_color: z.string(),
    final: z.boolean(),
    allowed_status_ids: z.array(z.string()),
    public_name: z.string(),
    notify_customer: z.boolean(),
    message_subject: z.string(),
    message_body: z.string(),
    reply_status_id: z.string(),
  })
  .transform((values): z.input<typeof createStatusSchema> => {
    const order = numberOrNull(values.order);
    return {
      name: values.name.trim(),
      description: values.description,
      category_id: Number(values.category_id),
      sla: numberOrNull(values.sla) as number | null,
      text_color: values.text_color.trim(),
      bg_color: values.bg_color.trim(),
      step_id: values.step_id ? Number(values.step_id) : null,
      allowed_status_ids: values.allowed_status_ids.map(Number),
      final: values.final,
      public_name: textOrNull(values.public_name),
      notify_customer: values.notify_customer,
      // The template fields are only there while "notify" is on; off, they are sent empty as before.
      message_subject: values.notify_customer ? textOrNull(values.message_subject) : null,
      message_body: values.notify_customer ? textOrNull(values.message_body) : null,
      reply_status_id: values.reply_status_id ? Number(values.reply_status_id) : null,
      ...(order === null ? {} : { order: order as number }),
    };
  })
  .pipe(createStatusSchema);
type StatusFormValues = z.input<typeof statusFormSchema>;

const STATUS_FIELDS = [
  "name",
  "category_id",
  "description",
  "sla",
  "order",
  "step_id",
  "text_color",
  "bg_color",
  "allowed_status_ids",
  "public_name",
  "message_subject",
  "message_body",
] as const;

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
  const form = useZodForm<StatusFormValues, z.output<typeof statusFormSchema>>({
    schema: statusFormSchema,
    fields: STATUS_FIELDS,
    defaultValues: {
      name: status?.name ?? "",
      description: status?.description ?? "",
      category_id: String(status?.category_id ?? categories[0]?.id ?? ""),
      sla: status?.sla == null ? "" : String(status.sla),
      order: status?.order == null ? "" : String(status.order),
      step_id: status?.step_id == null ? "" : String(status.step_id),
      text_color: status?.text_color ?? "#1f2937",
      bg_color: status?.bg_color ?? "#e5e7eb",
      final: status?.final ?? false,
      allowed_status_ids: (status?.allowed_status_ids ?? []).map(String),
      public_name: status?.public_name ?? "",
      notify_customer: status?.notify_customer ?? false,
      message_subject: status?.message_subject ?? "",
      message_body: status?.message_body ?? "",
      reply_status_id: status?.reply_status_id == null ? "" : String(status.reply_status_id),
    },
  });
  const [name, textColor, bgColor, final] = useWatch({
    control: form.control,
    name: ["name", "text_color", "bg_color", "final"],
  });
  const others = statuses.filter((other) => other.id !== status?.id);
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: status?.id, input });
      onClose();
    } catch (error) {
      form.showServerError(error);
    }
  });

  const ratio = contrastRatio(textColor, bgColor);

  return (
    <Dialog open wide title={status ? t("statuses.edit") : t("statuses.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("statuses.name")} error={form.fieldError("name")} required {...form.register("name")} />
          <SelectField
            label={t("statuses.category")}
            error={form.fieldError("category_id")}
            {...form.register("category_id")}
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
          rows={2}
          error={form.fieldError("description")}
          {...form.register("description")}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t("statuses.slaHours")}
            type="number"
            min={0}
            step="any"
            hint={t("statuses.slaHint")}
            error={form.fieldError("sla")}
            {...form.register("sla")}
          />
          <OrderField
            hint={t("common.orderHint")}
            error={form.fieldError("order")}
            registration={form.register("order")}
          />
          <SelectField label={t("statuses.step")} error={form.fieldError("step_id")} {...form.register("step_id")}>
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
        <SelectField
          label={t("statuses.replyStatus")}
          hint={t("statuses.replyStatusHint")}
          error={form.fieldError("reply_status_id")}
          {...form.register("reply_status_id")}
        >
          <option value="">{t("statuses.replyStatusNone")}</option>
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              {other.name}
            </option>
          ))}
        </SelectField>

        <fieldset className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">{t("statuses.colours")}</legend>
          <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Controller
              control={form.control}
              name="text_color"
              render={({ field }) => (
                <ColourField
                  label={t("statuses.textColor")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={form.fieldError("text_color")}
                />
              )}
            />
            <Controller
              control={form.control}
              name="bg_color"
              render={({ field }) => (
                <ColourField
                  label={t("statuses.bgColor")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={form.fieldError("bg_color")}
                />
              )}
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
            <input type="checkbox" className="mt-0.5 h-4 w-4" {...form.register("final")} />
            <span>{t("statuses.final")}</span>
          </label>
          <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
            {others.map((other) => (
              <label key={other.id} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  value={String(other.id)}
                  {...form.register("allowed_status_ids")}
                />
                {other.name}
              </label>
            ))}
          </div>
          {form.fieldError("allowed_status_ids") ? (
            <p className="mt-1 text-xs text-red-700">{form.fieldError("allowed_status_ids")}</p>
          ) : null}
        </fieldset>
        <StatusMessageFields
          status={status}
          form={form as unknown as UseFormReturn<StatusMessageValues>}
          fieldError={form.fieldError}
        />
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
