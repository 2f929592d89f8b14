import type { Metadata } from "next";
import Link from "next/link";
import { ImportWizard } from "@/components/documents/import-wizard.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { loadAllProducts } from "@/lib/catalog/server/load-all-products.ts";
import { loadAllStatuses } from "@/lib/catalog/server/load-all-statuses.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("csv.import");
  return { title: `${t("title")} · DocFlow` };
}

// /documents/import (staff+): CSV → mapped rows → POST /api/documents/import, all or nothing.
export default async function ImportDocumentsPage() {
  const actor = await requireStaff("staff");
  const t = await serverTranslator("csv.import");
  const statuses = await loadAllStatuses({ actor });
  const products = await loadAllProducts({ actor });
  const catalog = {
    statuses: statuses.map((status) => ({ id: status.id, name: status.name })),
    products: products.map((product) => ({
      id: product.id,
      name: product.name,
      columns: (product.columns ?? []).map((column) => ({
        key: column.key,
        label: column.label,
        type: column.type,
        required: column.required,
        options: column.options,
      })),
    })),
  };
  return (
    <div className="space-y-4">
      <div>
        <Link href="/documents" className="text-sm font-medium text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      </div>
      <ImportWizard catalog={catalog} />
    </div>
  );
}
