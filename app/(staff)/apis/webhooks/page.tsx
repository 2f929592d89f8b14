import { WebhooksPanel } from "@/components/apis/webhooks-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("apis");
  return pageTitle(t("webhooks.title"), t("title"));
}

export default async function ApisWebhooksPage() {
  await requireStaff("admin");
  const t = await serverTranslator("apis");
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">{t("webhooks.description")}</p>
      <WebhooksPanel />
    </div>
  );
}
