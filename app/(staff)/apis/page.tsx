import type { Metadata } from "next";
import Link from "next/link";
import { loadApisOverview } from "@/lib/apis/server/load-apis-overview.ts";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("common");
  return { title: `${t("nav.apis")} · DocFlow` };
}

export default async function ApisPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("apis");
  const { keyLastChars, activeTokens } = await loadApisOverview({ actor });
  const entries = [
    {
      href: "/apis/lgpd",
      title: t("entries.lgpd.title"),
      description: t("entries.lgpd.description"),
      state:
        keyLastChars !== null ? t("overview.keyConfigured", { lastChars: keyLastChars }) : t("overview.keyMissing"),
    },
    {
      href: "/apis/tokens",
      title: t("entries.tokens.title"),
      description: t("entries.tokens.description"),
      state: t("overview.activeTokens", { count: activeTokens }),
    },
    {
      href: "/api-reference",
      title: t("entries.reference.title"),
      description: t("entries.reference.description"),
      state: null,
    },
  ];
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {entries.map((entry) => (
        <li key={entry.href} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="text-base font-semibold">
            <Link
              href={entry.href}
              className="inline-flex min-h-11 items-center text-brand-700 underline-offset-2 hover:underline lg:min-h-0"
            >
              {entry.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-slate-700">{entry.description}</p>
          {entry.state ? <p className="mt-3 text-sm font-medium text-slate-900">{entry.state}</p> : null}
        </li>
      ))}
    </ul>
  );
}
