import { NavLinks } from "@/components/layout/nav-links.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

// Settings are for admins only; every page below also checks, since a layout is not re-run on client navigation.
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  await requireStaff("admin");
  const t = await serverTranslator("settings");
  const sections = [
    "products",
    "statuses",
    "categories",
    "modalities",
    "users",
    "masking",
    "retention",
    "tracking-page",
  ] as const;
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
      <nav aria-label={t("sectionsLabel")} className="border-b border-slate-200 pb-2">
        <NavLinks
          items={sections.map((section) => ({ href: `/settings/${section}`, label: t(`sections.${section}`) }))}
        />
      </nav>
      {children}
    </div>
  );
}
