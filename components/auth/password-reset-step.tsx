"use client";

import Link from "next/link";
import type { FieldValues } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import type { ZodForm } from "@/components/ui/zod-form.ts";

/** For useSyncExternalStore reads that never change after the page is drawn (hydration, the URL's fragment). */
export const noSubscription = () => () => {};

/**
 * One step of the password reset (asking for the link, choosing the new password): the form with the server's refusal
 * above its fields and the submit, and once the server accepted it, the step's success sentence with the way back to
 * sign-in. The step gives its fields, what it sends (`send`), and what it shows above or below them.
 */
export function PasswordResetStep<Values extends FieldValues>({
  form,
  send,
  done,
  doneText,
  submitLabel,
  submitDisabled,
  before,
  after,
  children,
}: {
  form: ZodForm<Values, Values>;
  send: (values: Values) => Promise<unknown>;
  /** Whether the server accepted the step (the mutation's isSuccess). */
  done: boolean;
  doneText: string;
  submitLabel: string;
  submitDisabled: boolean;
  before?: React.ReactNode;
  after?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("auth");
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      form.showServerError(error);
    }
  });
  if (done) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{doneText}</Alert>
        <Link href="/signin" className="text-sm text-brand-700 underline">
          {t("backToSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {before}
      {form.rootError ? <Alert>{form.rootError}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" disabled={submitDisabled || form.formState.isSubmitting}>
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
