import Link from "next/link";
import { LgpdRequestsView } from "@/components/lgpd/lgpd-requests-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { loadDeadlineDays } from "@/lib/lgpd/server/load-deadline-days.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export default async function LgpdPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("lgpd");
  const ts = await serverTranslator("lgpdSubject");
  const ta = await serverTranslator("audit");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
        <p className="mt-2 text-sm">
          <Link className="font-medium text-brand-700 underline" href="/lgpd/titular">
            {ts("pageLink")}
          </Link>
          {" · "}
          <Link className="font-medium text-brand-700 underline" href="/audit">
            {ta("pageLink")}
          </Link>
        </p>
      </div>
      <LgpdRequestsView deadlineDays={await loadDeadlineDays({ actor })} />
    </div>
  );
}
