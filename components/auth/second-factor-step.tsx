"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";

/** The password step's refusal that asks for a code: `SecondFactor:<days>:<challenge>` (second-factor-provider.ts). */
export function parseSecondFactorError(error: string | null | undefined): { challenge: string; days: number } | null {
  const match = /^SecondFactor:(\d+):(.+)$/.exec(error ?? "");
  return match ? { days: Number(match[1]), challenge: match[2]! } : null;
}

/** The sign-in's second step: a code from the app, or a recovery code; optionally remember this browser. */
export function SecondFactorStep({
  challenge,
  rememberDays,
  callbackUrl,
  onRestart,
}: {
  challenge: string;
  rememberDays: number;
  callbackUrl: string;
  onRestart: () => void;
}) {
  const t = useTranslations("auth.secondFactor");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [recovery, setRecovery] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("second-factor", {
      challenge,
      code: String(form.get("code") ?? ""),
      remember: form.get("remember") ? "true" : "false",
      redirect: false,
    });
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    if (result?.error === "ChallengeExpired") {
      onRestart();
      return;
    }
    setError(result?.error === "Throttled" ? t("throttled") : t("wrongCode"));
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">{recovery ? t("recoveryIntro") : t("intro")}</p>
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        key={recovery ? "recovery" : "totp"}
        label={recovery ? t("recoveryLabel") : t("codeLabel")}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        required
        autoFocus
      />
      {rememberDays > 0 ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="remember" className="h-4 w-4" />
          {t("remember", { days: rememberDays })}
        </label>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("verifying") : t("verify")}
      </Button>
      <button
        type="button"
        className="block w-full text-center text-sm text-brand-700 underline"
        onClick={() => setRecovery((value) => !value)}
      >
        {recovery ? t("useApp") : t("useRecovery")}
      </button>
    </form>
  );
}
