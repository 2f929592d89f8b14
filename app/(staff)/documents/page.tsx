import type { Metadata } from "next";
import { Suspense } from "react";
import { DocumentsListPage } from "@/components/documents/documents-list-page.tsx";
import { Spinner } from "@/components/ui/feedback.tsx";
import { hasRole } from "@/lib/auth/actor.ts";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("documents");
  return { title: `${t("title")} · DocFlow` };
}

// The documents list: filters, saved filters, paged table, page reveal and bulk status change (by role).
export default async function DocumentsPage() {
  const actor = await requireStaff("viewer");
  const t = await serverTranslator("documents");
  return (
    <Suspense fallback={<Spinner label={t("table.loading")} />}>
      <DocumentsListPage
        userId={actor.userId}
        canChangeStatus={hasRole(actor, "staff")}
        canReveal={hasRole(actor, "staff")}
        canSaveFilters={actor.userId !== null}
      />
    </Suspense>
  );
}
