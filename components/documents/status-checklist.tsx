"use client";

import { useTranslations } from "use-intl";
import { Popover } from "@/components/ui/popover.tsx";
import type { FilterOptions } from "@/lib/documents/search-schema.ts";

/** The statuses as checkboxes grouped by category: any number of them may be ticked (the queue lists any of them). */
export function StatusChecklist({
  options,
  selected,
  onChange,
}: {
  options: FilterOptions | undefined;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]);
  return (
    <div className="max-h-72 space-y-2 overflow-y-auto" tabIndex={-1}>
      {options?.categories.map((category) => {
        const statuses = options.statuses.filter((status) => status.category_key === category.key);
        if (!statuses.length) return null;
        return (
          <fieldset key={category.key}>
            <legend className="text-xs font-semibold uppercase tracking-wide text-slate-600">{category.label}</legend>
            {statuses.map((status) => (
              <label key={status.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={selected.includes(status.id)}
                  onChange={() => toggle(status.id)}
                />
                {status.name}
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * The filter form's "Status": a button that says what is chosen ("Todos", the one status, "3 selecionados") and opens
 * the checklist in a Radix popover, like the queue's other filter panels.
 */
export function StatusMultiSelect({
  options,
  selected,
  onChange,
}: {
  options: FilterOptions | undefined;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useTranslations("documents.filters");
  const summary =
    selected.length === 1
      ? (options?.statuses.find((status) => status.id === selected[0])?.name ?? `#${selected[0]}`)
      : t("statusSummary", { count: selected.length });
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-700" aria-hidden>
        {t("status")}
      </span>
      <Popover
        label={`${t("status")}: ${summary}`}
        buttonContent={
          <>
            <span className="truncate">{summary}</span>
            <span aria-hidden>▾</span>
          </>
        }
        panelLabel={t("status")}
      >
        {() => (
          <div className="space-y-2">
            <StatusChecklist options={options} selected={selected} onChange={onChange} />
            {selected.length ? (
              <button
                type="button"
                onClick={() => onChange([])}
                className="min-h-9 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {t("statusClear")}
              </button>
            ) : null}
          </div>
        )}
      </Popover>
    </div>
  );
}
