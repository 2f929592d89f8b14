import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form.tsx";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("auth");
  return { title: t("resetTitle") };
}

export default async function ResetPasswordPage() {
  const t = await serverTranslator("auth");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="mb-4 text-xl font-semibold">{t("resetTitle")}</h1>
        <ResetPasswordForm />
      </div>
    </main>
  );
}
