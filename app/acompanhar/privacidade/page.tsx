import type { Metadata } from "next";
import Link from "next/link";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

// The tracking page's built-in privacy notice (an admin may point the page's link to the company's own instead).
export const metadata: Metadata = { title: "Aviso de privacidade · Acompanhamento", robots: { index: false } };

export default async function TrackingPrivacyPage() {
  const t = await serverTranslator("tracking");
  return (
    <main className="mx-auto w-full max-w-lg space-y-4 p-4 text-sm text-slate-800">
      <h1 className="text-2xl font-semibold">{t("privacy.title")}</h1>
      <p>{t("privacy.p1")}</p>
      <p>{t("privacy.p2")}</p>
      <p>{t("privacy.p3")}</p>
      <p>{t("privacy.p4")}</p>
      <p>
        <Link href="/acompanhar" className="font-medium text-brand-700 underline underline-offset-2">
          {t("privacy.back")}
        </Link>
      </p>
    </main>
  );
}
