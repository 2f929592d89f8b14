import Link from "next/link";
import type { Role } from "@/lib/db/generated/enums.ts";
import { serverTranslator } from "@/lib/i18n/server.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { NavLinks, type NavItem } from "./nav-links.tsx";
import { SignOutButton } from "./sign-out-button.tsx";

/** The frame of every staff page: skip link, navigation by role, user, language, sign-out. */
export async function AppShell({
  role,
  userName,
  children,
}: {
  role: Role;
  userName: string;
  children: React.ReactNode;
}) {
  const t = await serverTranslator("common");
  const items: NavItem[] = [
    { href: "/documents", label: t("nav.documents") },
    { href: "/dashboard", label: t("nav.dashboard") },
    ...(role === "admin"
      ? [
          { href: "/lgpd", label: t("nav.lgpd") },
          { href: "/apis", label: t("nav.apis") },
          { href: "/settings", label: t("nav.settings") },
        ]
      : []),
    { href: "/api-reference", label: t("nav.apiReference") },
  ];
  return (
    <div className="min-h-screen">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/documents" className="text-lg font-bold text-brand-700">
            {t("appName")}
          </Link>
          <nav aria-label={t("nav.main")} className="flex-1">
            <NavLinks items={items} />
          </nav>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-700">
              {userName} <span className="text-slate-500">· {t(`roles.${role}`)}</span>
            </span>
            <LanguageSwitch label={t("nav.language")} />
            <SignOutButton label={t("nav.signOut")} />
          </div>
        </div>
      </header>
      <main id="content" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
