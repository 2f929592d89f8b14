"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";

/** The always-visible CPF/CNPJ filter of the queue; the other filters are chips and popovers. */
export function QuickSearch({
  id,
  cpf,
  onSearch,
}: {
  id: string;
  cpf: string | undefined;
  onSearch: (cpf: string | undefined) => void;
}) {
  const t = useTranslations("queue.search");
  const [value, setValue] = useState(cpf ?? "");
  return (
    <form
      role="search"
      aria-label={t("label")}
      className="flex items-center"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim() || undefined);
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
        maxLength={64}
        className="h-9 w-48 rounded-l-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 sm:w-56"
      />
      <button
        type="submit"
        className="h-9 rounded-r-md border border-l-0 border-brand-600 bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("submit")}
      </button>
    </form>
  );
}
