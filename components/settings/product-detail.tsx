"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import {
  useDeleteProductPart,
  useProduct,
  useSaveProductPart,
  useStatuses,
  type ProductDetail,
} from "@/lib/api-client/settings.ts";
import {
  COLUMN_TYPES,
  createColumnSchema,
  createStepSchema,
  updateColumnSchema,
  updateStepSchema,
} from "@/lib/settings/schemas.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { DetailPage } from "./detail-page.tsx";
import { cell, FormFooter, OrderField, orderInput, SettingsTable } from "./layout-parts.tsx";
import { ProductForm } from "./product-form.tsx";
import { DeleteButton, EditButton, RowActions } from "./row-actions.tsx";

type Column = NonNullable<ProductDetail["columns"]>[number];
type Step = NonNullable<ProductDetail["steps"]>[number];

/** The column dialog's inputs as typed → the body its route parses (createColumnSchema / updateColumnSchema). */
const columnInputs = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  options: z.string(),
  order: z.string(),
});
type ColumnValues = z.infer<typeof columnInputs>;
const toColumn = (values: ColumnValues) => ({
  key: values.key.trim(),
  label: values.label.trim(),
  type: values.type as (typeof COLUMN_TYPES)[number],
  required: values.required,
  options: values.options
    .split("\n")
    .map((option) => option.trim())
    .filter(Boolean),
  ...orderInput(values.order),
});
const newColumnSchema = columnInputs
  .transform((values): z.input<typeof createColumnSchema> => toColumn(values))
  .pipe(createColumnSchema);
const columnEditSchema = columnInputs
  .transform((values): z.input<typeof updateColumnSchema> => toColumn(values))
  .pipe(updateColumnSchema);

/** The step dialog's inputs → the body its route parses (createStepSchema / updateStepSchema). */
const stepInputs = z.object({ name: z.string(), order: z.string(), status_ids: z.array(z.string()) });
type StepValues = z.infer<typeof stepInputs>;
const toStep = (values: StepValues) => ({
  name: values.name.trim(),
  ...orderInput(values.order),
  status_ids: values.status_ids.map(Number),
});
const newStepSchema = stepInputs
  .transform((values): z.input<typeof createStepSchema> => toStep(values))
  .pipe(createStepSchema);
const stepEditSchema = stepInputs
  .transform((values): z.input<typeof updateStepSchema> => toStep(values))
  .pipe(updateStepSchema);

export function ProductDetailPanel({ id }: { id: number }) {
  const t = useTranslations("settings");
  const query = useProduct(id);
  return (
    <DetailPage
      backHref="/settings/products"
      backLabel={t("products.back")}
      query={query}
      title={(product) => product.name}
    >
      {(product) => (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Card title={t("products.data")}>
            <ProductForm product={product} />
          </Card>
          <div className="space-y-6">
            <ColumnsCard product={product} />
            <StepsCard product={product} />
          </div>
        </div>
      )}
    </DetailPage>
  );
}

/** A card listing a product's columns or steps: its intro, the table (or "none yet") and a button to add one. */
function ProductPartCard({
  part,
  empty,
  onNew,
  table,
  children,
}: {
  part: "columns" | "steps";
  empty: boolean;
  onNew: () => void;
  table: React.ReactNode;
  /** The dialogs the card opens. */
  children: React.ReactNode;
}) {
  const t = useTranslations("settings");
  return (
    <Card
      title={t(`${part}.title`)}
      actions={
        <Button size="sm" onClick={onNew}>
          {t(`${part}.new`)}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">{t(`${part}.intro`)}</p>
      {empty ? <p className="text-sm text-slate-600">{t(`${part}.empty`)}</p> : table}
      {children}
    </Card>
  );
}

function ColumnsCard({ product }: { product: ProductDetail }) {
  const t = useTranslations("settings");
  const [editing, setEditing] = useState<Column | "new" | null>(null);
  const deletion = usePendingDelete<Column>(useDeleteProductPart(product.id, "columns"));
  const columns = product.columns ?? [];
  return (
    <ProductPartCard
      part="columns"
      empty={columns.length === 0}
      onNew={() => setEditing("new")}
      table={
        <SettingsTable
          caption={t("columns.title")}
          head={[t("common.order"), t("columns.key"), t("columns.label"), t("columns.type"), t("common.actions")]}
        >
          {columns.map((column) => (
            <tr key={column.id}>
              <td className={cell}>{column.order}</td>
              <td className={`${cell} font-mono`}>{column.key}</td>
              <td className={cell}>{column.label}</td>
              <td className={cell}>
                {t(`columns.types.${column.type}`)}
                {column.required ? ` · ${t("columns.required")}` : ""}
              </td>
              <RowActions>
                <EditButton name={column.label} onClick={() => setEditing(column)} />
                <DeleteButton name={column.label} onClick={() => deletion.ask(column)} />
              </RowActions>
            </tr>
          ))}
        </SettingsTable>
      }
    >
      {editing ? (
        <ColumnDialog
          key={editing === "new" ? "new" : editing.id}
          productId={product.id}
          column={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.label} body={t("columns.deleteBody")} />
    </ProductPartCard>
  );
}

export function ColumnDialog({
  productId,
  column,
  onClose,
}: {
  productId: number;
  column: Column | null;
  onClose: () => void;
}) {
  const t = useTranslations("settings");
  const save = useSaveProductPart(productId, "columns");
  const form = useZodForm<ColumnValues, z.output<typeof newColumnSchema | typeof columnEditSchema>>({
    schema: column ? columnEditSchema : newColumnSchema,
    fields: ["key", "label", "type", "required", "options", "order"],
    defaultValues: {
      key: column?.key ?? "",
      label: column?.label ?? "",
      type: column?.type ?? "string",
      required: column?.required ?? false,
      options: (column?.options ?? []).join("\n"),
      order: column?.order == null ? "" : String(column.order),
    },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: column?.id, input });
      onClose();
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={column ? t("columns.edit") : t("columns.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField
          label={t("columns.key")}
          hint={t("columns.keyHint")}
          error={form.fieldError("key")}
          autoComplete="off"
          spellCheck={false}
          required
          {...form.register("key")}
        />
        <TextField label={t("columns.label")} error={form.fieldError("label")} required {...form.register("label")} />
        <SelectField label={t("columns.type")} error={form.fieldError("type")} {...form.register("type")}>
          {COLUMN_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`columns.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t("columns.options")}
          rows={3}
          hint={t("columns.optionsHint")}
          error={form.fieldError("options")}
          {...form.register("options")}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...form.register("required")} />
          {t("columns.required")}
        </label>
        <OrderField
          hint={t("common.orderHint")}
          error={form.fieldError("order")}
          registration={form.register("order")}
        />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function StepsCard({ product }: { product: ProductDetail }) {
  const t = useTranslations("settings");
  const [editing, setEditing] = useState<Step | "new" | null>(null);
  const deletion = usePendingDelete<Step>(useDeleteProductPart(product.id, "steps"));
  const steps = product.steps ?? [];
  const statuses = useStatuses();
  const statusNames = (stepId: number) =>
    (product.status_steps ?? [])
      .filter((row) => row.step_id === stepId)
      .map((row) => statuses.data?.find((status) => status.id === row.status_id)?.name ?? `#${row.status_id}`)
      .join(", ");
  return (
    <ProductPartCard
      part="steps"
      empty={steps.length === 0}
      onNew={() => setEditing("new")}
      table={
        <SettingsTable
          caption={t("steps.title")}
          head={[t("common.order"), t("steps.name"), t("steps.statuses"), t("common.actions")]}
        >
          {steps.map((step) => (
            <tr key={step.id}>
              <td className={cell}>{step.order}</td>
              <td className={cell}>{step.name}</td>
              <td className={cell} data-testid="step-statuses">
                {statusNames(step.id) || t("steps.noStatuses")}
              </td>
              <RowActions>
                <EditButton name={step.name} onClick={() => setEditing(step)} />
                <DeleteButton name={step.name} onClick={() => deletion.ask(step)} />
              </RowActions>
            </tr>
          ))}
        </SettingsTable>
      }
    >
      {editing ? (
        <StepDialog
          key={editing === "new" ? "new" : editing.id}
          product={product}
          step={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.name} body={t("steps.deleteBody")} />
    </ProductPartCard>
  );
}

/** A step's name, order and the statuses that stand for it in this product (the per-product map: the document page
 * and the tracking page show this step as current for them). */
export function StepDialog({
  product,
  step,
  onClose,
}: {
  product: ProductDetail;
  step: Step | null;
  onClose: () => void;
}) {
  const t = useTranslations("settings");
  const save = useSaveProductPart(product.id, "steps");
  const statuses = useStatuses();
  const mapped = product.status_steps ?? [];
  const form = useZodForm<StepValues, z.output<typeof newStepSchema | typeof stepEditSchema>>({
    schema: step ? stepEditSchema : newStepSchema,
    fields: ["name", "order", "status_ids"],
    defaultValues: {
      name: step?.name ?? "",
      order: step?.order == null ? "" : String(step.order),
      status_ids: step ? mapped.filter((row) => row.step_id === step.id).map((row) => String(row.status_id)) : [],
    },
  });
  const chosen = useWatch({ control: form.control, name: "status_ids" });
  const otherStep = (statusId: number) => {
    const row = mapped.find((item) => item.status_id === statusId && item.step_id !== step?.id);
    return row ? (product.steps ?? []).find((item) => item.id === row.step_id)?.name : undefined;
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: step?.id, input });
      onClose();
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={step ? t("steps.edit") : t("steps.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField label={t("steps.name")} error={form.fieldError("name")} required {...form.register("name")} />
        <OrderField
          hint={t("common.orderHint")}
          error={form.fieldError("order")}
          registration={form.register("order")}
        />
        <fieldset className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">{t("steps.statuses")}</legend>
          <p className="mb-2 text-xs text-slate-600">{t("steps.statusesHint")}</p>
          <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
            {(statuses.data ?? []).map((status) => {
              const elsewhere = otherStep(status.id);
              return (
                <label key={status.id} className="flex items-start gap-2 rounded px-1 py-0.5 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    value={String(status.id)}
                    {...form.register("status_ids")}
                  />
                  <span>
                    {status.name}
                    {elsewhere && !chosen.includes(String(status.id)) ? (
                      <span className="block text-xs text-slate-600">
                        {t("steps.inOtherStep", { step: elsewhere })}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
          {form.fieldError("status_ids") ? (
            <p className="mt-1 text-xs text-red-700">{form.fieldError("status_ids")}</p>
          ) : null}
        </fieldset>
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
