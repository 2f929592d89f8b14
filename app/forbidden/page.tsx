import Link from "next/link";
import { serverTranslator } from "@/lib/i18n/server.ts";

export default async function ForbiddenPage() {
  const t = await serverTranslator("common");
  return (
    <main className="mx-auto max-w-lg p-8">
      <h1 className="mb-2 text-xl font-semibold">{t("forbidden.title")}</h1>
      <p className="mb-4 text-slate-700">{t("forbidden.body")}</p>
      <Link className="text-brand-700 underline" href="/documents">
        {t("forbidden.back")}
      </Link>
    </main>
  );
}
