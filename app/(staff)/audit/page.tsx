// /audit — the audit trail (admins). `?entity=document&entity_id=<id>` opens one document's timeline.
import { AuditTrailView } from "@/components/audit/audit-trail-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("admin");
  const t = await serverTranslator("audit");
  const params = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.slice(0, 100) : undefined);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      </div>
      <AuditTrailView initialEntity={one(params.entity)} initialEntityId={one(params.entity_id)} />
    </div>
  );
}
