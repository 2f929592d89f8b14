"use client";

import { useRouter } from "next/navigation";
import { useLocale } from "use-intl";
import { isLocale, LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/messages.ts";

export const LOCALE_NAMES = { "pt-BR": "Português", en: "English" } as const;

/** Stores the chosen language in its cookie and redraws the page with it (the server reads the cookie). */
export function useSwitchLocale() {
  const router = useRouter();
  return (value: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };
}

export function LanguageSwitch({ label }: { label: string }) {
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">{label}</span>
      <select
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) switchLocale(event.target.value);
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm lg:min-h-0"
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
