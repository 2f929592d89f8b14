import Link from "next/link";
import { ApiTokensPanel } from "@/components/apis/api-tokens-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("apis");
  return pageTitle(t("tokens.title"), t("title"));
}

export default async function ApisTokensPage() {
  await requireStaff("admin");
  const t = await serverTranslator("apis");
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">
        {t.rich("tokens.description", {
          header: "Authorization: Bearer <token>",
          code: (chunks) => <code className="whitespace-nowrap rounded bg-slate-100 px-1 font-mono">{chunks}</code>,
        })}{" "}
        <Link href="/api-reference" className="text-brand-700 underline">
          {t("referenceLink")}
        </Link>
      </p>
      <ApiTokensPanel />
    </div>
  );
}
