"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { StatusMultiSelect } from "./status-checklist.tsx";
import {
  SLA_STATES,
  type ColumnFilter,
  type DocumentFilters,
  type FilterOptions,
  type SlaState,
} from "@/lib/documents/search-schema.ts";

type ColumnDraft = { eq?: string; contains?: string; min?: string; max?: string };

type Draft = {
  cpf: string;
  categories: string[];
  productId: string;
  statusIds: number[];
  modalityId: string;
  createdFrom: string;
  createdTo: string;
  sla: string;
  /** "", "me", "none" or a user id. */
  assignee: string;
  columns: Record<string, ColumnDraft>;
  /**
   * Filters this form has no field for are kept: the list's search box (q), and those of the views, the KPI tiles and
   * the dashboard's charts (open/finished, due day, finished from/to, with SLA, days late, customer replied, e-mail
   * failed).
   */
  kept: Pick<
    DocumentFilters,
    | "q"
    | "state"
    | "due_on"
    | "finished_from"
    | "finished_to"
    | "with_sla"
    | "late_days_min"
    | "late_days_max"
    | "customer_replied"
    | "email_failed"
  >;
};

function draftFrom(filters: DocumentFilters): Draft {
  return {
    cpf: filters.cpf ?? "",
    categories: filters.categories ?? [],
    productId: filters.product_id ? String(filters.product_id) : "",
    statusIds: filters.status_ids ?? [],
    modalityId: filters.modality_id ? String(filters.modality_id) : "",
    createdFrom: filters.created_from ?? "",
    createdTo: filters.created_to ?? "",
    sla: filters.sla ?? "",
    assignee: filters.assignee === undefined ? "" : String(filters.assignee),
    kept: {
      q: filters.q,
      state: filters.state,
      due_on: filters.due_on,
      finished_from: filters.finished_from,
      finished_to: filters.finished_to,
      with_sla: filters.with_sla,
      late_days_min: filters.late_days_min,
      late_days_max: filters.late_days_max,
      customer_replied: filters.customer_replied,
      email_failed: filters.email_failed,
    },
    columns: Object.fromEntries(
      (filters.columns ?? []).map((column) => [
        column.key,
        {
          eq: column.eq,
          contains: column.contains,
          min: column.min === undefined ? undefined : String(column.min),
          max: column.max === undefined ? undefined : String(column.max),
        },
      ]),
    ),
  };
}

function filtersFrom(draft: Draft, options: FilterOptions | undefined): DocumentFilters {
  const productId = draft.productId ? Number(draft.productId) : undefined;
  const product = options?.products.find((candidate) => candidate.id === productId);
  const columns: ColumnFilter[] = [];
  for (const definition of product?.columns ?? []) {
    const value = draft.columns[definition.key];
    if (!value) continue;
    const filter: ColumnFilter = { key: definition.key };
    if (definition.type === "string") {
      if (value.eq) filter.eq = value.eq;
      if (value.contains?.trim()) filter.contains = value.contains.trim();
    } else {
      for (const bound of ["min", "max"] as const) {
        const raw = value[bound]?.trim();
        if (!raw) continue;
        filter[bound] = definition.type === "number" ? Number(raw) : raw;
      }
    }
    if (Object.keys(filter).length > 1) columns.push(filter);
  }
  return {
    ...draft.kept,
    assignee:
      draft.assignee === "me" || draft.assignee === "none"
        ? draft.assignee
        : draft.assignee
          ? Number(draft.assignee)
          : undefined,
    cpf: draft.cpf.trim() || undefined,
    categories: draft.categories.length ? draft.categories : undefined,
    product_id: productId,
    status_ids: draft.statusIds.length ? draft.statusIds : undefined,
    modality_id: draft.modalityId === "none" ? "none" : draft.modalityId ? Number(draft.modalityId) : undefined,
    created_from: draft.createdFrom || undefined,
    created_to: draft.createdTo || undefined,
    sla: (draft.sla || undefined) as SlaState | undefined,
    columns: columns.length ? columns : undefined,
  };
}

/**
 * The full search form, opened on demand ("Todos os filtros"); the CPF has its own always-visible box (QuickSearch)
 * and is kept as it is. Changes are a draft until applied; the applied search lives in the URL (see chips).
 */
export function FilterBar({
  filters,
  options,
  onApply,
}: {
  filters: DocumentFilters;
  options: FilterOptions | undefined;
  onApply: (filters: DocumentFilters) => void;
}) {
  const t = useTranslations("documents.filters");
  const to = useTranslations("operator.filters");
  const [draft, setDraft] = useState<Draft>(() => draftFrom(filters));
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const product = options?.products.find((candidate) => String(candidate.id) === draft.productId);
  const setColumn = (key: string, patch: ColumnDraft) =>
    setDraft((current) => ({
      ...current,
      columns: { ...current.columns, [key]: { ...current.columns[key], ...patch } },
    }));

  return (
    <section
      aria-labelledby="document-filters-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="document-filters-heading" className="sr-only">
        {t("heading")}
      </h2>
      <form
        role="search"
        aria-labelledby="document-filters-heading"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(filtersFrom(draft, options));
        }}
        className="space-y-4"
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SelectField
            label={t("product")}
            value={draft.productId}
            onChange={(event) => update({ productId: event.target.value, columns: {} })}
            name="product"
          >
            <option value="">{t("any")}</option>
            {options?.products.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.active ? candidate.name : t("inactiveProduct", { name: candidate.name })}
              </option>
            ))}
          </SelectField>
          <StatusMultiSelect
            options={options}
            selected={draft.statusIds}
            onChange={(statusIds) => update({ statusIds })}
          />
          <SelectField
            label={t("modality")}
            value={draft.modalityId}
            onChange={(event) => update({ modalityId: event.target.value })}
            name="modality"
          >
            <option value="">{t("anyFeminine")}</option>
            <option value="none">{t("noModality")}</option>
            {options?.modalities.map((modality) => (
              <option key={modality.id} value={modality.id}>
                {modality.identifier}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("createdFrom")}
            type="date"
            value={draft.createdFrom}
            max={draft.createdTo || undefined}
            onChange={(event) => update({ createdFrom: event.target.value })}
            name="created_from"
          />
          <TextField
            label={t("createdTo")}
            type="date"
            value={draft.createdTo}
            min={draft.createdFrom || undefined}
            onChange={(event) => update({ createdTo: event.target.value })}
            name="created_to"
          />
          <SelectField
            label={t("sla")}
            value={draft.sla}
            onChange={(event) => update({ sla: event.target.value })}
            name="sla"
          >
            <option value="">{t("anyFeminine")}</option>
            {SLA_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`slaStates.${state}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={to("assignee")}
            value={draft.assignee}
            onChange={(event) => update({ assignee: event.target.value })}
            name="assignee"
          >
            <option value="">{to("any")}</option>
            {options?.me ? <option value="me">{to("me")}</option> : null}
            <option value="none">{to("nobody")}</option>
            {options?.users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </SelectField>
        </div>

        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("categories")}</legend>
          <div className="flex flex-wrap gap-2">
            {options?.categories.map((category) => {
              const checked = draft.categories.includes(category.key);
              return (
                <label key={category.key} className="cursor-pointer">
                  <input
                    type="checkbox"
                    className="peer sr-only"
                    checked={checked}
                    onChange={() =>
                      update({
                        categories: checked
                          ? draft.categories.filter((key) => key !== category.key)
                          : [...draft.categories, category.key],
                      })
                    }
                  />
                  <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                    <span aria-hidden>{checked ? "✓" : "+"}</span>
                    <span>{category.label}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        {product && product.columns.length ? (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">
              {t("productColumns", { product: product.name })}
            </legend>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {product.columns.map((column) =>
                column.type === "string" ? (
                  <TextField
                    key={column.key}
                    label={t("contains", { label: column.label })}
                    value={draft.columns[column.key]?.contains ?? ""}
                    onChange={(event) => setColumn(column.key, { contains: event.target.value })}
                    name={`col.contains.${column.key}`}
                  />
                ) : (
                  (["min", "max"] as const).map((bound) => (
                    <TextField
                      key={`${column.key}-${bound}`}
                      label={t(bound, { label: column.label })}
                      type={column.type === "number" ? "number" : "date"}
                      step={column.type === "number" ? "any" : undefined}
                      value={draft.columns[column.key]?.[bound] ?? ""}
                      onChange={(event) => setColumn(column.key, { [bound]: event.target.value })}
                      name={`col.${bound}.${column.key}`}
                    />
                  ))
                ),
              )}
            </div>
          </fieldset>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t("applyAll")}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(draftFrom({}));
              onApply({});
            }}
          >
            {t("clear")}
          </Button>
        </div>
      </form>
    </section>
  );
}
