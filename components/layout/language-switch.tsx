"use client";

import { useRouter } from "next/navigation";
import { useLocale } from "use-intl";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/messages.ts";

const NAMES = { "pt-BR": "Português", en: "English" } as const;

export function LanguageSwitch({ label }: { label: string }) {
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">{label}</span>
      <select
        value={locale}
        onChange={(event) => {
          document.cookie = `${LOCALE_COOKIE}=${event.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm lg:min-h-0"
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {NAMES[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
