import { NavLinks } from "@/components/layout/nav-links.tsx";
import { requireSettingsAdmin, SETTINGS_SECTIONS } from "./settings-access.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  await requireSettingsAdmin();
  const t = await serverTranslator("settings");
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
      <nav aria-label={t("sectionsLabel")} className="border-b border-slate-200 pb-2">
        <NavLinks
          items={SETTINGS_SECTIONS.map((section) => ({
            href: `/settings/${section}`,
            label: t(`sections.${section}`),
          }))}
        />
      </nav>
      {children}
    </div>
  );
}
