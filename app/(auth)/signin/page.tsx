import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form.tsx";
import { signInErrorKey } from "@/components/auth/sign-in-errors.ts";
import { SsoSignIn } from "@/components/auth/sso-sign-in.tsx";
import { LanguageSwitch } from "@/components/layout/language-switch.tsx";
import { safeCallbackUrl, siteOrigin } from "@/lib/auth/safe-callback.ts";
import { currentStaffActor } from "@/lib/auth/server/session-actor.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("auth");
  return { title: t("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  if (await currentStaffActor()) redirect("/documents");
  const params = await searchParams;
  const t = await serverTranslator("auth");
  const tc = await serverTranslator("common");
  const notice = params.expired ? t("expired") : params.signedOut ? t("signedOut") : null;
  const error = params.error ? t(signInErrorKey(params.error)) : null;
  const callbackUrl = safeCallbackUrl(params.callbackUrl, siteOrigin());
  // After a single sign-on that needs a code: the code step at once (its challenge is in an httpOnly cookie).
  const ssoCodeDays = /^\d{1,4}$/.test(params.second_factor ?? "") ? Number(params.second_factor) : null;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex items-start justify-between gap-3">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          {/* Before signing in too: someone who does not read Portuguese must be able to find their way in. */}
          <LanguageSwitch label={tc("nav.language")} />
        </div>
        <SignInForm notice={notice} initialError={error} callbackUrl={callbackUrl} ssoCodeDays={ssoCodeDays} />
        <SsoSignIn instance={params.instance ?? ""} callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
