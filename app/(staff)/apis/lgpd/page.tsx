import { LgpdKeyPanel } from "@/components/apis/lgpd-key-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("apis");
  return pageTitle(t("lgpd.title"), t("title"));
}

export default async function ApisLgpdPage() {
  await requireStaff("admin");
  return <LgpdKeyPanel />;
}
