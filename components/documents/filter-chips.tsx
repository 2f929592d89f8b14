"use client";

import { useTranslations } from "use-intl";
import type { DocumentFilters, FilterOptions } from "@/lib/documents/search-schema.ts";

/** `without` builds on the filters at the moment of the click, which may be newer than this render's. */
type Chip = { id: string; label: string; without: (current: DocumentFilters) => DocumentFilters };

function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** The applied search as removable chips; removing one runs the search again without it. */
export function FilterChips({
  filters,
  options,
  onChange,
}: {
  filters: DocumentFilters;
  options: FilterOptions | undefined;
  onChange: (update: (current: DocumentFilters) => DocumentFilters) => void;
}) {
  const t = useTranslations("documents.chips");
  const tf = useTranslations("documents.filters");
  const to = useTranslations("operator");
  const chips: Chip[] = [];
  const product = options?.products.find((candidate) => candidate.id === filters.product_id);

  if (filters.q)
    chips.push({
      id: "q",
      label: t("q", { value: filters.q }),
      without: (current) => ({ ...current, q: undefined }),
    });
  if (filters.cpf)
    chips.push({
      id: "cpf",
      label: t("cpf", { value: filters.cpf }),
      without: (current) => ({ ...current, cpf: undefined }),
    });
  for (const key of filters.categories ?? []) {
    const label = options?.categories.find((category) => category.key === key)?.label ?? key;
    chips.push({
      id: `cat-${key}`,
      label: t("category", { value: label }),
      without: (current) => ({ ...current, categories: current.categories?.filter((other) => other !== key) }),
    });
  }
  if (filters.product_id) {
    chips.push({
      id: "product",
      label: t("product", { value: product?.name ?? `#${filters.product_id}` }),
      // The column filters belong to the product: they go with it.
      without: (current) => ({ ...current, product_id: undefined, columns: undefined }),
    });
  }
  for (const id of filters.status_ids ?? []) {
    const name = options?.statuses.find((status) => status.id === id)?.name ?? `#${id}`;
    chips.push({
      id: `status-${id}`,
      label: t("status", { value: name }),
      without: (current) => ({ ...current, status_ids: current.status_ids?.filter((other) => other !== id) }),
    });
  }
  if (filters.modality_id) {
    const name =
      filters.modality_id === "none"
        ? tf("noModality")
        : options?.modalities.find((modality) => modality.id === filters.modality_id)?.identifier;
    chips.push({
      id: "modality",
      label: t("modality", { value: name ?? `#${filters.modality_id}` }),
      without: (current) => ({ ...current, modality_id: undefined }),
    });
  }
  if (filters.created_from) {
    chips.push({
      id: "from",
      label: t("createdFrom", { value: formatDay(filters.created_from) }),
      without: (current) => ({ ...current, created_from: undefined }),
    });
  }
  if (filters.created_to) {
    chips.push({
      id: "to",
      label: t("createdTo", { value: formatDay(filters.created_to) }),
      without: (current) => ({ ...current, created_to: undefined }),
    });
  }
  if (filters.sla) {
    chips.push({
      id: "sla",
      label: t("sla", { value: tf(`slaStates.${filters.sla}`) }),
      without: (current) => ({ ...current, sla: undefined }),
    });
  }
  if (filters.assignee !== undefined) {
    const value =
      filters.assignee === "none"
        ? to("filters.nobody")
        : filters.assignee === "me"
          ? to("filters.me")
          : (options?.users.find((user) => user.id === filters.assignee)?.name ?? `#${filters.assignee}`);
    chips.push({
      id: "assignee",
      label: to("chips.assignee", { value }),
      without: (current) => ({ ...current, assignee: undefined }),
    });
  }
  if (filters.state) {
    chips.push({
      id: "state",
      label: to(filters.state === "open" ? "chips.stateOpen" : "chips.stateFinished"),
      without: (current) => ({ ...current, state: undefined }),
    });
  }
  if (filters.due_on) {
    chips.push({
      id: "due",
      label: to("chips.dueOn", { value: formatDay(filters.due_on) }),
      without: (current) => ({ ...current, due_on: undefined }),
    });
  }
  if (filters.finished_from) {
    chips.push({
      id: "done_from",
      label: to("chips.finishedFrom", { value: formatDay(filters.finished_from) }),
      without: (current) => ({ ...current, finished_from: undefined }),
    });
  }
  if (filters.finished_to) {
    chips.push({
      id: "done_to",
      label: to("chips.finishedTo", { value: formatDay(filters.finished_to) }),
      without: (current) => ({ ...current, finished_to: undefined }),
    });
  }
  if (filters.with_sla) {
    chips.push({
      id: "with_sla",
      label: to("chips.withSla"),
      without: (current) => ({ ...current, with_sla: undefined }),
    });
  }
  if (filters.late_days_min !== undefined || filters.late_days_max !== undefined) {
    const min = filters.late_days_min ?? 0;
    const max = filters.late_days_max;
    chips.push({
      id: "late_days",
      label:
        max === undefined
          ? to("chips.lateDaysFrom", { min })
          : min > 0
            ? to("chips.lateDays", { min, max })
            : to("chips.lateDaysUntil", { max }),
      without: (current) => ({ ...current, late_days_min: undefined, late_days_max: undefined }),
    });
  }
  for (const column of filters.columns ?? []) {
    const definition = product?.columns.find((candidate) => candidate.key === column.key);
    const label = definition?.label ?? column.key;
    const show = (value: string | number) =>
      definition?.type === "date" && typeof value === "string" ? formatDay(value) : String(value);
    const parts = [
      ["eq", "columnEq"],
      ["contains", "columnContains"],
      ["min", "columnMin"],
      ["max", "columnMax"],
    ] as const;
    for (const [op, message] of parts) {
      const value = column[op];
      if (value === undefined) continue;
      chips.push({
        id: `col-${op}-${column.key}`,
        label: t(message, { label, value: show(value) }),
        without: (current) => ({
          ...current,
          columns: current.columns?.map((other) => (other.key === column.key ? { ...other, [op]: undefined } : other)),
        }),
      });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" aria-live="polite">
      <h2 className="sr-only">{t("label")}</h2>
      {chips.length === 0 ? (
        <p className="sr-only">{t("none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.id}>
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-100">
                {chip.label}
                <button
                  type="button"
                  onClick={() => onChange(chip.without)}
                  aria-label={t("remove", { label: chip.label })}
                  className="ml-1 inline-flex h-6 w-6 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
                >
                  <span aria-hidden>×</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
