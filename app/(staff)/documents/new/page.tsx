import type { Metadata } from "next";
import { NewDocumentForm } from "@/components/documents/new-document-form.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("operator");
  return { title: `${t("create.title")} · DocFlow` };
}

// /documents/new: "Novo documento" for staff and admins (the create route checks the role again).
export default async function NewDocumentPage() {
  await requireStaff("staff");
  const t = await serverTranslator("operator");
  // The page's own h1 (it had only the form card's h2: no page heading for screen readers' heading navigation).
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("create.title")}</h1>
      <NewDocumentForm />
    </div>
  );
}
