"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { parseSecondFactorError, SecondFactorStep } from "./second-factor-step.tsx";
import { signInErrorKey } from "./sign-in-errors.ts";

const noSubscription = () => () => {};
const onClient = () => true;
const onServer = () => false;

export function SignInForm({
  notice,
  initialError,
  callbackUrl,
  ssoCodeDays = null,
}: {
  notice: string | null;
  initialError: string | null;
  callbackUrl: string;
  /** After a single sign-on that needs a code: the code step first, with no challenge of its own (the server reads
   * the single sign-on's httpOnly cookie). */
  ssoCodeDays?: number | null;
}) {
  const t = useTranslations("auth");
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  // Set when the password was right and a code must follow (the second step replaces the form).
  const [factor, setFactor] = useState<{ challenge: string; days: number } | null>(
    ssoCodeDays === null ? null : { challenge: "", days: ssoCodeDays },
  );
  // Until this script runs, a submit would be the browser's own: a GET that puts the password in the URL (seen on a
  // loaded machine). The button stays disabled until then, which also stops Enter (implicit submission).
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    const secondStep = parseSecondFactorError(result?.error);
    if (secondStep) {
      setFactor(secondStep);
      return;
    }
    setError(t(signInErrorKey(result?.error ?? "CredentialsSignin")));
  }

  if (factor) {
    return (
      <SecondFactorStep
        challenge={factor.challenge}
        rememberDays={factor.days}
        callbackUrl={callbackUrl}
        onRestart={() => {
          setFactor(null);
          setError(t("secondFactor.expired"));
        }}
      />
    );
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <TextField label={t("email")} name="email" type="email" autoComplete="username" required autoFocus />
      <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {pending ? t("submitting") : t("submit")}
      </Button>
      <Link href="/esqueci-senha" className="block text-center text-sm text-brand-700 underline">
        {t("forgot")}
      </Link>
    </form>
  );
}
