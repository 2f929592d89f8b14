import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { DocumentPage } from "@/components/document/document-page.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { documentAnonymisedAt } from "@/lib/retention/server/anonymised-at.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const t = await serverTranslator("document");
  return { title: `${t("pageTitle", { protocol: `#${(await params).id}` })} · DocFlow` };
}

// /documents/<id>: a thin server page; the client component loads the data through /api/documents/<id>, which
// checks the session and the instance again (another instance's document is a 404 there).
export default async function DocumentRoute({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireStaff("viewer");
  const { id } = await params;
  const value = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) notFound();
  // A retention rule's anonymisation is said above the document (lib/retention).
  const anonymisedAt = await documentAnonymisedAt(actor.instanceId, value);
  // useSearchParams (the list the document was opened from) needs a Suspense boundary.
  const page = (
    <Suspense>
      <DocumentPage id={value} me={actor.userId} />
    </Suspense>
  );
  if (!anonymisedAt) return page;
  const t = await serverTranslator("retention");
  const date = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" }).format(
    anonymisedAt,
  );
  return (
    <>
      <p
        role="status"
        data-testid="document-anonymised"
        className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        {t("anonymisedNotice", { date })}
      </p>
      {page}
    </>
  );
}
