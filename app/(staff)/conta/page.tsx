// /conta — "Minha conta": one's own name, language, password and sessions (every signed-in person).
import type { Metadata } from "next";
import { AccountPage } from "@/components/account/account-page.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("auth");
  return { title: t("account.title") };
}

export default async function MyAccountPage() {
  await requireStaff("viewer");
  const t = await serverTranslator("auth");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{t("account.title")}</h1>
      <AccountPage />
    </div>
  );
}
