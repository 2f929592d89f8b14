"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { useCategories, useDeleteStatus, useProducts, useStatuses, type StatusRow } from "@/lib/api-client/settings.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { cell, wideOnly, QueryState, SectionHeader, SettingsTable } from "./layout-parts.tsx";
import { DeleteButton, EditButton, RowActions } from "./row-actions.tsx";
import { MoveAndDeleteDialog } from "./move-and-delete-dialog.tsx";
import { StatusDialog } from "./status-dialog.tsx";

export function StatusesPanel() {
  const t = useTranslations("settings");
  const statuses = useStatuses();
  const categories = useCategories();
  const products = useProducts();
  const [editing, setEditing] = useState<StatusRow | "new" | null>(null);
  const deletion = usePendingDelete<StatusRow>(useDeleteStatus());
  const [moving, setMoving] = useState<StatusRow | null>(null);

  const stepNames = new Map(
    (products.data ?? []).flatMap((product) =>
      (product.steps ?? []).map((step) => [step.id, { step: step.name, product: product.name }] as const),
    ),
  );
  const ready = categories.data && products.data;

  return (
    <>
      <SectionHeader
        title={t("statuses.title")}
        intro={t("statuses.intro")}
        action={<Button onClick={() => setEditing("new")}>{t("statuses.new")}</Button>}
      />
      <QueryState query={statuses}>
        {(rows) => {
          const names = new Map(rows.map((row) => [row.id, row.name]));
          // What the server would refuse, said before asking: other statuses whose only allowed transition it is
          // (deleting it would leave them "may move anywhere"; lib/settings/server/delete-status.ts). Documents in it
          // are no refusal: the delete offers to move them elsewhere first.
          const deleteRefusal = (status: StatusRow, all: StatusRow[]) => {
            const orphaned = all.filter(
              (other) =>
                other.id !== status.id &&
                other.allowed_status_ids?.length === 1 &&
                other.allowed_status_ids[0] === status.id,
            );
            return orphaned.length
              ? t("statuses.onlyTransition", { others: orphaned.map((other) => `“${other.name}”`).join(", ") })
              : null;
          };
          return (
            <SettingsTable
              caption={t("statuses.title")}
              head={[
                { label: t("common.order"), className: wideOnly },
                t("statuses.name"),
                t("statuses.category"),
                t("statuses.sla"),
                t("statuses.step"),
                t("statuses.transitions"),
                { label: t("statuses.documents"), className: wideOnly },
                t("common.actions"),
              ]}
            >
              {rows.map((status) => (
                <tr key={status.id}>
                  <td className={`${cell} ${wideOnly}`}>{status.order}</td>
                  <td className={cell}>
                    <Badge color={status.text_color} background={status.bg_color}>
                      {status.name}
                    </Badge>
                    {status.final ? (
                      <span
                        className="ml-2 inline-block rounded border border-slate-400 px-1.5 py-0.5 text-xs font-medium text-slate-700"
                        data-testid="status-final"
                      >
                        {t("statuses.finalBadge")}
                      </span>
                    ) : null}
                  </td>
                  <td className={cell}>{status.category_label}</td>
                  <td className={cell}>{status.sla === null ? "—" : t("statuses.slaCell", { value: status.sla })}</td>
                  <td className={cell}>
                    {status.step_id && stepNames.get(status.step_id) ? (
                      <>
                        <span className="block">{stepNames.get(status.step_id)!.step}</span>
                        <span className="block text-xs text-slate-600">{stepNames.get(status.step_id)!.product}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={`${cell} min-w-[9rem] max-w-xs`}>
                    {status.allowed_status_ids?.length
                      ? status.allowed_status_ids.map((id) => names.get(id) ?? `#${id}`).join(", ")
                      : status.final
                        ? t("statuses.nowhere")
                        : t("statuses.anywhere")}
                  </td>
                  <td className={`${cell} ${wideOnly}`}>{status.document_count}</td>
                  <RowActions>
                    <EditButton name={status.name} onClick={() => setEditing(status)} />
                    <DeleteButton
                      name={status.name}
                      onClick={() => (status.document_count > 0 ? setMoving(status) : deletion.ask(status))}
                      refusal={deleteRefusal(status, rows)}
                    />
                  </RowActions>
                </tr>
              ))}
            </SettingsTable>
          );
        }}
      </QueryState>
      {editing && ready && statuses.data ? (
        <StatusDialog
          key={editing === "new" ? "new" : editing.id}
          status={editing === "new" ? null : editing}
          statuses={statuses.data}
          categories={categories.data}
          products={products.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.name} body={t("statuses.deleteBody")} />
      {moving && statuses.data ? (
        <MoveAndDeleteDialog key={moving.id} status={moving} statuses={statuses.data} onClose={() => setMoving(null)} />
      ) : null}
    </>
  );
}
