"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useRequestPasswordReset } from "@/lib/api-client/account.ts";
import { passwordResetRequestSchema } from "@/lib/auth/schemas.ts";

type Values = z.input<typeof passwordResetRequestSchema>;

const noSubscription = () => () => {};
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
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
    } catch (error) {
      form.showServerError(error);
    }
  });
  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t("forgotSent")}</Alert>
        <Link href="/signin" className="text-sm text-brand-700 underline">
          {t("backToSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">{t("forgotIntro")}</p>
      {form.rootError ? <Alert>{form.rootError}</Alert> : null}
      <TextField
        label={t("email")}
        type="email"
        autoComplete="username"
        autoFocus
        error={form.fieldError("email")}
        {...form.register("email")}
      />
      <Button type="submit" className="w-full" disabled={!hydrated || form.formState.isSubmitting}>
        {t("forgotSubmit")}
      </Button>
      <Link href="/signin" className="block text-sm text-brand-700 underline">
        {t("backToSignIn")}
      </Link>
    </form>
  );
}
