import Link from "next/link";
import { requireSettingsAdmin, SETTINGS_SECTIONS } from "./settings-access.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { settingsMetadata } from "./metadata.ts";

export const generateMetadata = () => settingsMetadata("overview");

export default async function SettingsPage() {
  await requireSettingsAdmin();
  const t = await serverTranslator("settings");
  return (
    <div>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("overview.intro")}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <Link
              href={`/settings/${section}`}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
            >
              <span className="block text-base font-semibold text-brand-700">{t(`sections.${section}`)}</span>
              <span className="mt-1 block text-sm text-slate-600">{t(`overview.${section}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
