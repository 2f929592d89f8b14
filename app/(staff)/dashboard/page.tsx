import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { loadAllProducts } from "@/lib/catalog/server/load-all-products.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("dashboard");
  return { title: `${t("title")} · DocFlow` };
}

// /dashboard (viewer+): documents per category, SLA states, days late and compliance, for a product and period.
export default async function DashboardPage() {
  const actor = await requireStaff("viewer");
  const t = await serverTranslator("dashboard");
  const products = (await loadAllProducts({ actor })).map((product) => ({ id: product.id, name: product.name }));
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <DashboardView products={products} />
    </div>
  );
}
