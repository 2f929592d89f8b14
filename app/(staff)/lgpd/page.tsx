import Link from "next/link";
import { LgpdRequestsView } from "@/components/lgpd/lgpd-requests-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { loadDeletionReview } from "@/lib/lgpd/server/load-deletion-review.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("lgpd");
  return pageTitle(t("title"));
}

export default async function LgpdPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("lgpd");
  const ts = await serverTranslator("lgpdSubject");
  const ta = await serverTranslator("audit");
  const ti = await serverTranslator("lgpdInbox");
  // The officer's queue first: decisions waiting come before the list of everything.
  const { awaiting } = await loadDeletionReview({ actor });
  return (
    <div className="space-y-4">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <Link
            href="/lgpd/titular"
            className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 lg:min-h-0"
          >
            {t("newRequest")}
          </Link>
        </div>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
        <p className="mt-2 text-sm">
          <Link className="font-medium text-brand-700 underline" href="/lgpd/caixa">
            {ti("pageLink")}
          </Link>
          {" · "}
          <Link className="font-medium text-brand-700 underline" href="/lgpd/titular">
            {ts("pageLink")}
          </Link>
          {" · "}
          <Link className="font-medium text-brand-700 underline" href="/audit">
            {ta("pageLink")}
          </Link>
        </p>
      </div>
      {awaiting.length > 0 ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="awaiting-review"
        >
          {t("awaitingReview", { count: awaiting.length })}{" "}
          <Link className="font-medium underline" href="/lgpd/titular">
            {t("awaitingReviewLink")}
          </Link>
        </p>
      ) : null}
      <LgpdRequestsView deadlineDays={await loadDeadlineDays({ actor })} />
    </div>
  );
}
