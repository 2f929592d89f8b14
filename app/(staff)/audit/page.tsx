// /audit — the audit trail (admins). The filters are in the URL (lib/audit/audit-url.ts);
// `?entity=document&entity_id=<id>` opens one document's timeline.
import { Suspense } from "react";
import { AuditTrailView } from "@/components/audit/audit-trail-view.tsx";
import { listAuditActors } from "@/lib/audit/server/list-audit-actors.ts";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("audit");
  return pageTitle(t("title"));
}

export default async function AuditPage() {
  const actor = await requireStaff("admin");
  const t = await serverTranslator("audit");
  const actors = await listAuditActors({ actor });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      {/* The filters are read from the URL on the client (nuqs). */}
      <Suspense>
        <AuditTrailView actors={actors} />
      </Suspense>
    </div>
  );
}
