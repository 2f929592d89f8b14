import { NavLinks } from "@/components/layout/nav-links.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

// The APIs menu is for admins; each page checks again, since a layout is not re-run on every navigation.
export default async function ApisLayout({ children }: { children: React.ReactNode }) {
  await requireStaff("admin");
  const t = await serverTranslator("apis");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      <nav aria-label={t("sectionsLabel")} className="border-b border-slate-200 pb-2">
        <NavLinks
          items={[
            { href: "/apis/lgpd", label: t("entries.lgpd.title") },
            { href: "/apis/tokens", label: t("entries.tokens.title") },
            { href: "/apis/webhooks", label: t("webhooks.title") },
            { href: "/api-reference", label: t("entries.reference.title") },
          ]}
        />
      </nav>
      {children}
    </div>
  );
}
