"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { SLA_STATES, type DocumentFilters, type FilterOptions, type SlaState } from "@/lib/documents/search-schema.ts";
import { Popover } from "@/components/ui/popover.tsx";
import { StatusChecklist } from "./status-checklist.tsx";

const KINDS = ["category", "status", "product", "modality", "sla", "created"] as const;
type Kind = (typeof KINDS)[number];

/** "Adicionar filtro": pick one kind of filter, set it, apply — one more chip; the rest of the search stays. */
type FilterEditorProps = {
  filters: DocumentFilters;
  options: FilterOptions | undefined;
  onApply: (filters: DocumentFilters) => void;
};

export function AddFilterPopover({ filters, options, onApply }: FilterEditorProps) {
  const t = useTranslations("queue.addFilter");
  return (
    <Popover
      buttonContent={
        <>
          <span aria-hidden>+</span> {t("button")}
        </>
      }
      panelLabel={t("button")}
    >
      {(close) => (
        <FilterPicker
          filters={filters}
          options={options}
          onApply={(next) => {
            onApply(next);
            close();
          }}
        />
      )}
    </Popover>
  );
}

function FilterPicker({ filters, options, onApply }: FilterEditorProps) {
  const t = useTranslations("queue.addFilter");
  const tf = useTranslations("documents.filters");
  const [kind, setKind] = useState<Kind | null>(null);
  const [value, setValue] = useState("");
  const [until, setUntil] = useState("");
  const [categories, setCategories] = useState<string[]>(filters.categories ?? []);
  const [statusIds, setStatusIds] = useState<number[]>(filters.status_ids ?? []);

  if (!kind) {
    return (
      <ul className="space-y-1">
        {KINDS.map((candidate) => (
          <li key={candidate}>
            <button
              type="button"
              onClick={() => setKind(candidate)}
              className="w-full rounded px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100"
            >
              {t(`kinds.${candidate}`)}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  const apply = (): DocumentFilters => {
    switch (kind) {
      case "category":
        return { ...filters, categories: categories.length ? categories : undefined };
      case "status":
        // The ticked set replaces the search's statuses (they start ticked): any number of them.
        return { ...filters, status_ids: statusIds.length ? statusIds : undefined };
      case "product":
        // Column filters belong to the previous product.
        return { ...filters, product_id: value ? Number(value) : undefined, columns: undefined };
      case "modality":
        return { ...filters, modality_id: value === "none" ? "none" : value ? Number(value) : undefined };
      case "sla":
        return { ...filters, sla: (value || undefined) as SlaState | undefined };
      case "created":
        return { ...filters, created_from: value || undefined, created_to: until || undefined };
    }
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(apply());
      }}
    >
      {kind === "category" ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{tf("categories")}</legend>
          {options?.categories.map((category) => (
            <label key={category.key} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={categories.includes(category.key)}
                onChange={() =>
                  setCategories((current) =>
                    current.includes(category.key)
                      ? current.filter((key) => key !== category.key)
                      : [...current, category.key],
                  )
                }
              />
              {category.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {kind === "status" ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{tf("status")}</legend>
          <StatusChecklist options={options} selected={statusIds} onChange={setStatusIds} />
        </fieldset>
      ) : null}
      {kind === "product" ? (
        <SelectField label={tf("product")} value={value} onChange={(event) => setValue(event.target.value)} autoFocus>
          <option value="">{t("choose")}</option>
          {options?.products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.active ? product.name : tf("inactiveProduct", { name: product.name })}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === "modality" ? (
        <SelectField label={tf("modality")} value={value} onChange={(event) => setValue(event.target.value)} autoFocus>
          <option value="">{t("choose")}</option>
          <option value="none">{tf("noModality")}</option>
          {options?.modalities.map((modality) => (
            <option key={modality.id} value={modality.id}>
              {modality.identifier}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === "sla" ? (
        <SelectField label={tf("sla")} value={value} onChange={(event) => setValue(event.target.value)} autoFocus>
          <option value="">{t("choose")}</option>
          {SLA_STATES.map((state) => (
            <option key={state} value={state}>
              {tf(`slaStates.${state}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === "created" ? (
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label={tf("createdFrom")}
            type="date"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <TextField
            label={tf("createdTo")}
            type="date"
            value={until}
            min={value || undefined}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
      ) : null}
      <div className="flex justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setKind(null)}>
          {t("back")}
        </Button>
        <Button type="submit" size="sm">
          {t("apply")}
        </Button>
      </div>
    </form>
  );
}
