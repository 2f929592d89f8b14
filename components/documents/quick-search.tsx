"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { WithheldSearch } from "@/lib/documents/find-schema.ts";
import { isValidCnpj, isValidCpf } from "@/lib/identifiers/identifiers.ts";

/**
 * What a typed text filters by: a whole valid CPF/CNPJ stays the exact CPF filter (its chip "CPF: …", its `?cpf=`
 * links), anything else is the typed-text filter `q`.
 */
export function quickSearchFilters(text: string): { q: string | undefined; cpf: string | undefined } {
  const value = text.trim();
  if (!value) return { q: undefined, cpf: undefined };
  return isValidCpf(value) || isValidCnpj(value) ? { q: undefined, cpf: value } : { q: value, cpf: undefined };
}

/**
 * The queue's always-visible search box: any text, read as the header's find box reads it (protocol, the first digits
 * of a CPF/CNPJ, words of a name, e-mail or product column), applied to the list as its `q` filter so the other
 * filters still narrow it. What the caller's masking policy kept out of the search is said under it in words.
 */
export function QuickSearch({
  id,
  text,
  withheld,
  onSearch,
}: {
  id: string;
  /** The applied text (the `q` filter, else the CPF filter). */
  text: string | undefined;
  withheld: readonly WithheldSearch[] | undefined;
  onSearch: (filters: ReturnType<typeof quickSearchFilters>) => void;
}) {
  const t = useTranslations("queue.search");
  const tf = useTranslations("find.withheld");
  const [value, setValue] = useState(text ?? "");
  return (
    <div className="flex flex-col gap-1">
      <form
        role="search"
        aria-label={t("label")}
        className="flex items-center"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(quickSearchFilters(value));
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t("label")}
        </label>
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t("placeholder")}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-describedby={withheld?.length ? `${id}-withheld` : undefined}
          className="h-9 w-56 rounded-l-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 sm:w-72"
        />
        <button
          type="submit"
          className="h-9 rounded-r-md border border-l-0 border-brand-600 bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("submit")}
        </button>
      </form>
      {withheld?.length ? (
        <p id={`${id}-withheld`} role="status" className="max-w-xl text-xs text-amber-900">
          {withheld.map((reason) => tf(reason)).join(" ")}
        </p>
      ) : null}
    </div>
  );
}
