"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { useCategories, useDeleteCategory, useSaveCategory, type CategoryRow } from "@/lib/api-client/settings.ts";
import { CATEGORY_KINDS, type CreateCategoryInput } from "@/lib/settings/schemas.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { cell, FormFooter, QueryState, SectionHeader, SettingsTable, OrderField, orderInput } from "./layout-parts.tsx";
import { DeleteButton, EditButton, RowActions } from "./row-actions.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { SettingsForm } from "./settings-form.tsx";

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

function CategoryDialog({ category, onClose }: { category: CategoryRow | null; onClose: () => void }) {
  const t = useTranslations("settings");
  const save = useSaveCategory();
  const errors = useServerErrors(save.error);

  return (
    <Dialog open title={category ? t("categories.edit") : t("categories.new")} onClose={onClose}>
      <SettingsForm
        errors={errors}
        onSubmit={(form) => {
          const input = {
            key: String(form.get("key") ?? "").trim(),
            label: String(form.get("label") ?? "").trim(),
            kind: String(form.get("kind")) as CreateCategoryInput["kind"],
            ...orderInput(form),
          };
          save.mutate({ id: category?.id, input }, { onSuccess: onClose });
        }}
      >
        <TextField
          label={t("categories.key")}
          name="key"
          defaultValue={category?.key ?? ""}
          hint={t("categories.keyHint")}
          error={errors.field("key")}
          required
          autoComplete="off"
        />
        <TextField
          label={t("categories.label")}
          name="label"
          defaultValue={category?.label ?? ""}
          error={errors.field("label")}
          required
        />
        <SelectField
          label={t("categories.kind")}
          name="kind"
          defaultValue={category?.kind ?? "open"}
          hint={t("categories.kindHint")}
          error={errors.field("kind")}
        >
          {CATEGORY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`categories.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <OrderField defaultValue={category?.order} error={errors.field("order")} />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </SettingsForm>
    </Dialog>
  );
}
