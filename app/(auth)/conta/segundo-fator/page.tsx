// /conta/segundo-fator — where a person whose instance requires a second factor they have not enrolled is sent before
// anything else (lib/auth/server/page-guard.ts). Outside the staff shell: nothing else is reachable until it is done.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RequiredEnrolment } from "@/components/account/required-enrolment.tsx";
import { currentStaffSession } from "@/lib/auth/server/session-actor.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("auth");
  return { title: t("secondFactor.title") };
}

export default async function RequiredEnrolmentPage() {
  const state = await currentStaffSession();
  if (!state) redirect("/signin");
  if (!state.mustEnrolFactor) redirect("/conta");
  const t = await serverTranslator("auth");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
      <div className="w-full max-w-md space-y-4">
        <h1 className="text-xl font-semibold">{t("secondFactor.requiredTitle")}</h1>
        <RequiredEnrolment />
      </div>
    </main>
  );
}
