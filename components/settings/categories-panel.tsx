"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useCategories, useDeleteCategory, useSaveCategory, type CategoryRow } from "@/lib/api-client/settings.ts";
import { CATEGORY_KINDS, createCategorySchema, updateCategorySchema } from "@/lib/settings/schemas.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { cell, FormFooter, QueryState, SectionHeader, SettingsTable, OrderField, orderInput } from "./layout-parts.tsx";
import { DeleteButton, EditButton, RowActions } from "./row-actions.tsx";

/** The category dialog's inputs as typed → the body the route parses (create or update schema). */
const categoryInputs = z.object({ key: z.string(), label: z.string(), kind: z.string(), order: z.string() });
type CategoryValues = z.infer<typeof categoryInputs>;
const toBody = (values: CategoryValues) => ({
  key: values.key.trim(),
  label: values.label.trim(),
  kind: values.kind as (typeof CATEGORY_KINDS)[number],
  ...orderInput(values.order),
});
const newCategorySchema = categoryInputs
  .transform((values): z.input<typeof createCategorySchema> => toBody(values))
  .pipe(createCategorySchema);
const categoryEditSchema = categoryInputs
  .transform((values): z.input<typeof updateCategorySchema> => toBody(values))
  .pipe(updateCategorySchema);

export function CategoriesPanel() {
  const t = useTranslations("settings");
  const query = useCategories();
  const [editing, setEditing] = useState<CategoryRow | "new" | null>(null);
  const deletion = usePendingDelete<CategoryRow>(useDeleteCategory());

  return (
    <>
      <SectionHeader
        title={t("categories.title")}
        intro={t("categories.intro")}
        action={<Button onClick={() => setEditing("new")}>{t("categories.new")}</Button>}
      />
      <QueryState query={query}>
        {(categories) => (
          <SettingsTable
            caption={t("categories.title")}
            head={[
              t("common.order"),
              t("categories.key"),
              t("categories.label"),
              t("categories.kind"),
              t("categories.statuses"),
              t("common.actions"),
            ]}
          >
            {categories.map((category) => (
              <tr key={category.id}>
                <td className={cell}>{category.order}</td>
                <td className={`${cell} font-mono`}>{category.key}</td>
                <td className={cell}>{category.label}</td>
                <td className={cell}>{t(`categories.kinds.${category.kind}`)}</td>
                <td className={cell}>{category.status_count}</td>
                <RowActions>
                  <EditButton name={category.label} onClick={() => setEditing(category)} />
                  <DeleteButton
                    name={category.label}
                    onClick={() => deletion.ask(category)}
                    refusal={
                      category.status_count > 0 ? t("common.inUseStatuses", { count: category.status_count }) : null
                    }
                  />
                </RowActions>
              </tr>
            ))}
          </SettingsTable>
        )}
      </QueryState>
      {editing ? (
        <CategoryDialog
          key={editing === "new" ? "new" : editing.id}
          category={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.label} body={t("categories.deleteBody")} />
    </>
  );
}

export function CategoryDialog({ category, onClose }: { category: CategoryRow | null; onClose: () => void }) {
  const t = useTranslations("settings");
  const save = useSaveCategory();
  const form = useZodForm<CategoryValues, z.output<typeof newCategorySchema | typeof categoryEditSchema>>({
    schema: category ? categoryEditSchema : newCategorySchema,
    fields: ["key", "label", "kind", "order"],
    defaultValues: {
      key: category?.key ?? "",
      label: category?.label ?? "",
      kind: category?.kind ?? "open",
      order: category?.order == null ? "" : String(category.order),
    },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: category?.id, input });
      onClose();
    } catch (error) {
      form.showServerError(error);
    }
  });

  return (
    <Dialog open title={category ? t("categories.edit") : t("categories.new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField
          label={t("categories.key")}
          hint={t("categories.keyHint")}
          error={form.fieldError("key")}
          required
          autoComplete="off"
          {...form.register("key")}
        />
        <TextField
          label={t("categories.label")}
          error={form.fieldError("label")}
          required
          {...form.register("label")}
        />
        <SelectField
          label={t("categories.kind")}
          hint={t("categories.kindHint")}
          error={form.fieldError("kind")}
          {...form.register("kind")}
        >
          {CATEGORY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`categories.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <OrderField error={form.fieldError("order")} registration={form.register("order")} />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
