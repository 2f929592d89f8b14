"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { TextField } from "@/components/ui/field.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useRequestPasswordReset } from "@/lib/api-client/account.ts";
import { passwordResetRequestSchema } from "@/lib/auth/schemas.ts";
import { noSubscription, PasswordResetStep } from "./password-reset-step.tsx";

type Values = z.input<typeof passwordResetRequestSchema>;

const onClient = () => true;
const onServer = () => false;

/** "Esqueci minha senha": one e-mail field; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const request = useRequestPasswordReset();
  // As on the sign-in form: until this script runs a submit would be the browser's own, and what was typed before
  // the form came to life would be lost; the button waits for it.
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer);
  const form = useZodForm<Values>({
    schema: passwordResetRequestSchema,
    fields: ["email"],
    defaultValues: { email: "" },
  });
  return (
    <PasswordResetStep
      form={form}
      send={({ email }) => request.mutateAsync(email)}
      done={request.isSuccess}
      doneText={t("forgotSent")}
      submitLabel={t("forgotSubmit")}
      submitDisabled={!hydrated}
      before={<p className="text-sm text-slate-700">{t("forgotIntro")}</p>}
      after={
        <Link href="/signin" className="block text-sm text-brand-700 underline">
          {t("backToSignIn")}
        </Link>
      }
    >
      <TextField
        label={t("email")}
        type="email"
        autoComplete="username"
        autoFocus
        error={form.fieldError("email")}
        {...form.register("email")}
      />
    </PasswordResetStep>
  );
}
