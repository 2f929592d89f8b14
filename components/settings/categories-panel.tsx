"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useCategories, useDeleteCategory, useSaveCategory, type CategoryRow } from "@/lib/api-client/settings.ts";
import { CATEGORY_KINDS, type CreateCategoryInput } from "@/lib/settings/schemas.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import {
  actionsCell,
  actionsRow,
  cell,
  dangerText,
  FormFooter,
  numberOrNull,
  QueryState,
  SectionHeader,
  SettingsTable,
} from "./layout-parts.tsx";
import { useServerErrors } from "./server-errors.ts";

export function CategoriesPanel() {
  const t = useTranslations("settings");
  const query = useCategories();
  const [editing, setEditing] = useState<CategoryRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const remove = useDeleteCategory();

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
                <td className={actionsCell}>
                  <div className={actionsRow}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing(category)}
                      aria-label={t("common.editNamed", { name: category.label })}
                    >
                      {t("common.edit")}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className={dangerText}
                      onClick={() => {
                        remove.reset();
                        setDeleting(category);
                      }}
                      aria-label={t("common.deleteNamed", { name: category.label })}
                    >
                      {t("common.delete")}
                    </Button>
                  </div>
                </td>
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
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.confirmDelete", { name: deleting?.label ?? "" })}
        body={t("categories.deleteBody")}
        confirmLabel={t("common.delete")}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}

function CategoryDialog({ category, onClose }: { category: CategoryRow | null; onClose: () => void }) {
  const t = useTranslations("settings");
  const save = useSaveCategory();
  const errors = useServerErrors(save.error);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const order = numberOrNull(form.get("order"));
    const input = {
      key: String(form.get("key") ?? "").trim(),
      label: String(form.get("label") ?? "").trim(),
      kind: String(form.get("kind")) as CreateCategoryInput["kind"],
      ...(order === null ? {} : { order: order as number }),
    };
    save.mutate({ id: category?.id, input }, { onSuccess: onClose });
  }

  return (
    <Dialog open title={category ? t("categories.edit") : t("categories.new")} onClose={onClose}>
      <form onChange={errors.clearOnEdit} onSubmit={submit} noValidate className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
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
        <TextField
          label={t("common.order")}
          name="order"
          type="number"
          min={0}
          defaultValue={category?.order ?? ""}
          error={errors.field("order")}
        />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
