"use client";

import { useTranslations } from "use-intl";
import { z } from "zod";
import { LOCALE_NAMES, useSwitchLocale } from "@/components/layout/language-switch.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useSaveOnPage, useZodForm } from "@/components/ui/zod-form.ts";
import {
  useAccount,
  useChangePassword,
  useEndOtherSessions,
  useOwnSessions,
  useUpdateAccount,
} from "@/lib/api-client/account.ts";
import { changePasswordSchema } from "@/lib/auth/schemas.ts";
import { SecondFactorCard } from "./second-factor-card.tsx";
import { SessionsTable } from "./sessions-table.tsx";

/** "Minha conta": four cards — details (name, language), password, second factor, sessions. */
export function AccountPage() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ProfileCard />
      <PasswordCard />
      <SecondFactorCard />
      <CustomerRepliesCard />
      <div className="lg:col-span-2">
        <OwnSessionsCard />
      </div>
    </div>
  );
}

// The form's select has an empty "browser default" choice, which the request leaves out (no change of language).
const profileSchema = z.object({ name: z.string().trim().min(1).max(200), locale: z.enum(["", "pt-BR", "en"]) });
type ProfileValues = z.input<typeof profileSchema>;

function ProfileCard() {
  const t = useTranslations("auth.account");
  const account = useAccount();
  if (!account.data) return <Card title={t("profile")}>{account.isError ? null : <Spinner label="…" />}</Card>;
  return <ProfileForm account={account.data} />;
}

function ProfileForm({ account }: { account: { email: string; name: string; locale: string | null } }) {
  const t = useTranslations("auth.account");
  const update = useUpdateAccount();
  const switchLocale = useSwitchLocale();
  const form = useZodForm<ProfileValues>({
    schema: profileSchema,
    fields: ["name", "locale"],
    defaultValues: {
      name: account.name,
      locale: account.locale === "en" || account.locale === "pt-BR" ? account.locale : "",
    },
  });
  const { submit, saved } = useSaveOnPage(form, async ({ name, locale }) => {
    const answer = await update.mutateAsync({ name, ...(locale ? { locale } : {}) });
    if (answer.locale) switchLocale(answer.locale);
  });
  return (
    <Card title={t("profile")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {form.rootError ? <Alert>{form.rootError}</Alert> : null}
        {saved ? <Alert tone="success">{t("saved")}</Alert> : null}
        <TextField label={t("email")} value={account.email} readOnly disabled />
        <TextField label={t("name")} autoComplete="name" error={form.fieldError("name")} {...form.register("name")} />
        <SelectField label={t("language")} error={form.fieldError("locale")} {...form.register("locale")}>
          <option value="">{t("languageDefault")}</option>
          {Object.entries(LOCALE_NAMES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("save")}
        </Button>
      </form>
    </Card>
  );
}

/** Who is told of a customer's reply: the assignee always (the header's count); these widen it and add e-mail. */
function CustomerRepliesCard() {
  const t = useTranslations("auth.account");
  const account = useAccount();
  const update = useUpdateAccount();
  if (!account.data) return null;
  const toggle = (key: "notify_unassigned" | "notify_by_email", label: string, hint: string) => (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1 h-4 w-4"
        checked={account.data[key]}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ [key]: event.target.checked })}
      />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span className="block text-slate-600">{hint}</span>
      </span>
    </label>
  );
  return (
    <Card title={t("repliesTitle")}>
      <div className="space-y-3">
        {toggle("notify_unassigned", t("repliesUnassigned"), t("repliesUnassignedHint"))}
        {toggle("notify_by_email", t("repliesByEmail"), t("repliesByEmailHint"))}
      </div>
    </Card>
  );
}

type PasswordValues = z.input<typeof changePasswordSchema>;

function PasswordCard() {
  const t = useTranslations("auth.account");
  const ta = useTranslations("auth");
  const change = useChangePassword();
  const form = useZodForm<PasswordValues>({
    schema: changePasswordSchema,
    fields: ["current_password", "new_password"],
    defaultValues: { current_password: "", new_password: "" },
  });
  const { submit, saved } = useSaveOnPage(form, async (input) => {
    await change.mutateAsync(input);
    form.reset({ current_password: "", new_password: "" });
  });
  return (
    <Card title={t("passwordTitle")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {form.rootError ? <Alert>{form.rootError}</Alert> : null}
        {saved ? <Alert tone="success">{t("passwordChanged")}</Alert> : null}
        <TextField
          label={t("currentPassword")}
          type="password"
          autoComplete="current-password"
          error={form.fieldError("current_password")}
          {...form.register("current_password")}
        />
        <TextField
          label={ta("newPassword")}
          type="password"
          autoComplete="new-password"
          hint={ta("newPasswordHint")}
          error={form.fieldError("new_password")}
          {...form.register("new_password")}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("changePassword")}
        </Button>
      </form>
    </Card>
  );
}

function OwnSessionsCard() {
  const t = useTranslations("auth.account");
  const sessions = useOwnSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current).length;
  return (
    <Card
      title={t("sessionsTitle")}
      actions={
        <Button variant="secondary" disabled={endOthers.isPending || others === 0} onClick={() => endOthers.mutate()}>
          {t("endOthers")}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-700">{t("sessionsIntro")}</p>
      {endOthers.isSuccess ? (
        <div className="mb-3">
          <Alert tone="success">{t("endedOthers", { count: endOthers.data.ended })}</Alert>
        </div>
      ) : null}
      {sessions.data ? <SessionsTable sessions={sessions.data.sessions} /> : <Spinner label="…" />}
    </Card>
  );
}
