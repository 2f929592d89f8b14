import type { Metadata } from "next";
import Link from "next/link";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

// Every unknown address (and every notFound() without a nearer not-found page) answers 404 with this page, in the
// user's language (pt-BR by default) instead of the framework's English default.
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("common");
  return { title: `${t("notFound.title")} · DocFlow` };
}

export default async function NotFound() {
  const t = await serverTranslator("common");
  return (
    <main id="content" className="mx-auto max-w-lg px-4 py-16">
      <h1 className="mb-2 text-xl font-semibold">{t("notFound.title")}</h1>
      <p className="mb-4 text-slate-700">{t("notFound.body")}</p>
      <Link className="inline-flex min-h-11 items-center text-brand-700 underline lg:min-h-0" href="/documents">
        {t("notFound.back")}
      </Link>
    </main>
  );
}
