import Link from "next/link";
import type { Role } from "@/lib/auth/roles.ts";
import { StaffRoleProvider } from "./staff-role.tsx";
import { LOCALES, messagesFor, type Locale } from "@/lib/i18n/messages.ts";
import { translatorFor } from "@/lib/i18n/translator.ts";
import { CompanyNamePrompt } from "./company-name-prompt.tsx";
import { CustomerRepliesBadge } from "./customer-replies-badge.tsx";
import { FindBox } from "./find-box.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavLinks, type NavItem } from "./nav-links.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { UserIdentity } from "./user-identity.tsx";

/**
 * The frame of every staff page: skip link, navigation by role, user, language, sign-out. From 1024 px the menu is
 * one row; below, it collapses behind a "Menu" button so a tablet keeps its height for the page. The locale comes
 * as a prop (app/(staff)/staff-shell.tsx reads the cookie): components never import server modules.
 */
export function AppShell({
  role,
  user,
  locale,
  askCompanyName = false,
  children,
}: {
  role: Role;
  user: { name: string | null; email: string };
  locale: Locale;
  /** An admin of an instance whose customers see no company name: ask for it above the page (non-blocking). */
  askCompanyName?: boolean;
  children: React.ReactNode;
}) {
  const t = translatorFor(locale, "common");
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
  const identity = (
    <UserIdentity
      name={user.name}
      email={user.email}
      roleLabel={t(`roles.${role}`)}
      roleNames={LOCALES.map((locale) => messagesFor(locale).common.roles[role])}
    />
  );
  return (
    <div className="min-h-screen">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="relative border-b border-slate-200 bg-white print:hidden">
        {/* Always the window's width: capped at 1,280 px except on the full-width queue, it moved between pages and,
            on the narrower settings pages at 1,440 px, wrapped its menu onto a second row. */}
        <div className="flex items-center justify-between gap-x-6 px-4 py-2 lg:justify-start lg:py-3">
          <Link href="/documents" className="flex min-h-11 items-center text-lg font-bold text-brand-700 lg:min-h-0">
            {t("appName")}
          </Link>
          <nav aria-label={t("nav.main")} className="hidden flex-1 lg:block">
            <NavLinks items={items} />
          </nav>
          <div className="min-w-0 flex-1 lg:w-44 lg:flex-none 2xl:w-96">
            <FindBox />
          </div>
          <CustomerRepliesBadge />
          <div className="hidden items-center gap-3 text-sm lg:flex">
            {/* The name leads to "Minha conta": a link of its own would make the laptop's one-row header wrap. */}
            <Link href="/conta" className="min-w-0 underline-offset-2 hover:underline">
              <span className="sr-only">{t("nav.account")}: </span>
              {identity}
            </Link>
            <LanguageSwitch label={t("nav.language")} />
            <SignOutButton label={t("nav.signOut")} />
          </div>
          <MobileMenu
            label={t("nav.menu")}
            items={items}
            identity={identity}
            labels={{
              navigation: t("nav.main"),
              language: t("nav.language"),
              signOut: t("nav.signOut"),
              account: t("nav.account"),
            }}
          />
        </div>
      </header>
      {/* A page that needs the width (the documents queue) marks itself data-full-width: no cap at 1,920 px. */}
      <main id="content" className="mx-auto max-w-7xl px-4 py-6 has-[[data-full-width]]:max-w-none">
        {role === "admin" ? <CompanyNamePrompt ask={askCompanyName} /> : null}
        <StaffRoleProvider role={role}>{children}</StaffRoleProvider>
      </main>
    </div>
  );
}
