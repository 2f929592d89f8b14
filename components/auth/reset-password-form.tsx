"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useConfirmPasswordReset } from "@/lib/api-client/account.ts";
import { newPasswordSchema } from "@/lib/auth/schemas.ts";
import { noSubscription, PasswordResetStep } from "./password-reset-step.tsx";

const schema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ["confirm"], message: "mismatch" });
type Values = z.input<typeof schema>;

// The link's token is in the URL's fragment (after #), which browsers never send to a server or in a Referer.
const tokenOfPage = () => window.location.hash.slice(1);
const noTokenOnServer = () => "";

/** The reset link's page: a new password, twice; the server judges its strength. */
export function ResetPasswordForm() {
  const t = useTranslations("auth");
  const token = useSyncExternalStore(noSubscription, tokenOfPage, noTokenOnServer);
  const confirm = useConfirmPasswordReset();
  const form = useZodForm<Values>({
    schema,
    fields: ["password", "confirm"],
    messages: { confirm: t("mismatch") },
    defaultValues: { password: "", confirm: "" },
  });
  return (
    <PasswordResetStep
      form={form}
      send={({ password }) => confirm.mutateAsync({ token, password })}
      done={confirm.isSuccess}
      doneText={t("resetDone")}
      submitLabel={t("resetSubmit")}
      submitDisabled={!token}
      before={!token ? <Alert tone="warning">{t("resetMissing")}</Alert> : null}
    >
      <TextField
        label={t("newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("newPasswordHint")}
        error={form.fieldError("password")}
        {...form.register("password")}
      />
      <TextField
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={form.fieldError("confirm")}
        {...form.register("confirm")}
      />
    </PasswordResetStep>
  );
}
