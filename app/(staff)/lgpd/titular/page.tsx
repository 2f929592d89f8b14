// /lgpd/titular — the data-subject page (admins; docs/decisions/0045-lgpd-access-packages.md says why no narrower
// role).
import { SubjectView } from "@/components/lgpd/subject-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { loadHoldCatalog } from "@/lib/lgpd/server/load-hold-catalog.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("lgpdSubject");
  return pageTitle(t("title"));
}

export default async function LgpdSubjectPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("lgpdSubject");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      <SubjectView deadlineDays={await loadDeadlineDays({ actor })} catalog={await loadHoldCatalog({ actor })} />
    </div>
  );
}
