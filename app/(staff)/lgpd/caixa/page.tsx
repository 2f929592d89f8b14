// /lgpd/caixa — the officer's inbox of access and deletion requests (admins, like the rest of the LGPD pages).
import Link from "next/link";
import { LgpdInboxView } from "@/components/lgpd/inbox-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("lgpdInbox");
  return pageTitle(t("title"));
}

export default async function LgpdInboxPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("lgpdInbox");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
        <p className="mt-2 text-sm">
          <Link className="font-medium text-brand-700 underline" href="/lgpd">
            {t("backLink")}
          </Link>
        </p>
      </div>
      <LgpdInboxView deadlineDays={await loadDeadlineDays({ actor })} me={actor.userId} />
    </div>
  );
}
