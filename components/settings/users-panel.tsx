"use client";

import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useFormatter, useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useCreateUser, useResetPassword, useUpdateUser, useUsers, type UserRow } from "@/lib/api-client/settings.ts";
import { createUserSchema, PASSWORD_MIN, ROLES, updateUserSchema } from "@/lib/settings/schemas.ts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { UserSessionsDialog } from "@/components/account/user-sessions-dialog.tsx";
import { cell, dangerText, wideOnly, FormFooter, QueryState, SectionHeader, SettingsTable } from "./layout-parts.tsx";
import { PasswordOnce } from "./password-once.tsx";
import { EditButton, RowActions } from "./row-actions.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useResetUserSecondFactor } from "@/lib/api-client/second-factor.ts";

/** The new-user dialog's inputs → createUserSchema (an empty password means "generate one", as the API says). */
const newUserInputs = z.object({
  email: z.string(),
  name: z.string(),
  role: z.string(),
  password: z.string(),
  integration: z.boolean(),
});
type NewUserValues = z.infer<typeof newUserInputs>;
const newUserSchema = newUserInputs
  .transform((values): z.input<typeof createUserSchema> => ({
    email: values.email.trim(),
    name: values.name.trim(),
    role: values.role as (typeof ROLES)[number],
    ...(values.password ? { password: values.password } : {}),
    ...(values.integration ? { integration: true } : {}),
  }))
  .pipe(createUserSchema);

/** The edit dialog's inputs → updateUserSchema; the role is left out when it cannot change (one's own account, the
 * select is disabled and react-hook-form gives it no value). */
const editUserInputs = z.object({ name: z.string(), role: z.string().optional(), integration: z.boolean().optional() });
type EditUserValues = z.infer<typeof editUserInputs>;
const editUserSchema = editUserInputs
  .transform((values): z.input<typeof updateUserSchema> => ({
    name: values.name.trim(),
    ...(values.role ? { role: values.role as (typeof ROLES)[number] } : {}),
    ...(values.integration !== undefined ? { integration: values.integration } : {}),
  }))
  .pipe(updateUserSchema);

type Pending = { kind: "disable" | "enable" | "reset" | "factor"; user: UserRow };

export function UsersPanel({ currentUserId }: { currentUserId: number | null }) {
  const t = useTranslations("settings");
  const errorText = useErrorText();
  const roles = useTranslations("common.roles");
  const ta = useTranslations("auth.account");
  const format = useFormatter();
  const query = useUsers();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState<{ email: string; password: string } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserRow | null>(null);
  const update = useUpdateUser();
  const reset = useResetPassword();
  const resetFactor = useResetUserSecondFactor();
  const action = pending?.kind === "reset" ? reset : pending?.kind === "factor" ? resetFactor : update;

  function confirm() {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === "factor") {
      resetFactor.mutate(user.id, { onSuccess: () => setPending(null) });
    } else if (kind === "reset") {
      reset.mutate(user.id, {
        onSuccess: (answer) => {
          setPending(null);
          if (answer.generated_password) setPassword({ email: user.email, password: answer.generated_password });
        },
      });
    } else {
      update.mutate({ id: user.id, input: { disabled: kind === "disable" } }, { onSuccess: () => setPending(null) });
    }
  }

  return (
    <>
      <SectionHeader
        title={t("users.title")}
        intro={t("users.intro")}
        action={<Button onClick={() => setCreating(true)}>{t("users.new")}</Button>}
      />
      {update.error && !pending ? <Alert>{errorText.text(update.error)}</Alert> : null}
      <QueryState query={query}>
        {(users) => (
          <SettingsTable
            caption={t("users.title")}
            head={[
              t("users.name"),
              t("users.email"),
              t("users.role"),
              t("users.state"),
              { label: t("users.lastSignIn"), className: wideOnly },
              t("common.actions"),
            ]}
          >
            {users.map((user) => {
              const self = user.id === currentUserId;
              return (
                <tr key={user.id} className={user.disabled ? "bg-slate-50" : undefined}>
                  <td className={`${cell} font-medium whitespace-nowrap text-slate-900`}>
                    {user.name}
                    {self ? <span className="ml-1 text-xs font-normal text-slate-600">({t("users.you")})</span> : null}
                  </td>
                  <td className={`${cell} break-all`}>{user.email}</td>
                  <td className={cell}>{roles(user.role)}</td>
                  <td className={cell}>
                    {user.disabled ? (
                      <Badge tone="danger">{t("users.disabled")}</Badge>
                    ) : (
                      <Badge tone="success">{t("users.enabled")}</Badge>
                    )}
                  </td>
                  <td className={`${cell} whitespace-nowrap ${wideOnly}`}>
                    {user.last_sign_in_at
                      ? format.dateTime(new Date(user.last_sign_in_at), { dateStyle: "short", timeStyle: "short" })
                      : "—"}
                  </td>
                  <RowActions>
                    <EditButton name={user.email} onClick={() => setEditing(user)} />
                    {self ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        className={user.disabled ? undefined : dangerText}
                        onClick={() => {
                          update.reset();
                          setPending({ kind: user.disabled ? "enable" : "disable", user });
                        }}
                        aria-label={t(user.disabled ? "users.enableNamed" : "users.disableNamed", {
                          name: user.email,
                        })}
                      >
                        {user.disabled ? t("users.enable") : t("users.disable")}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        reset.reset();
                        setPending({ kind: "reset", user });
                      }}
                      aria-label={t("users.resetNamed", { name: user.email })}
                    >
                      {t("users.reset")}
                    </Button>
                    {user.integration ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          resetFactor.reset();
                          setPending({ kind: "factor", user });
                        }}
                        aria-label={t("users.factorResetNamed", { name: user.email })}
                      >
                        {t("users.factorReset")}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setSessionsOf(user)}
                      aria-label={ta("userSessionsTitle", { name: user.email })}
                    >
                      {ta("userSessions")}
                    </Button>
                  </RowActions>
                </tr>
              );
            })}
          </SettingsTable>
        )}
      </QueryState>
      {creating ? (
        <CreateUserDialog
          onClose={() => setCreating(false)}
          onCreated={(email, generated) => {
            setCreating(false);
            if (generated) setPassword({ email, password: generated });
          }}
        />
      ) : null}
      {editing ? (
        <EditUserDialog
          key={editing.id}
          user={editing}
          self={editing.id === currentUserId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`users.confirm.${pending.kind}Title`, { name: pending.user.email }) : ""}
        message={pending ? t(`users.confirm.${pending.kind}Body`) : ""}
        confirmLabel={pending ? t(`users.confirm.${pending.kind}Action`) : ""}
        tone={pending?.kind === "enable" ? "primary" : "danger"}
        pending={action.isPending}
        error={action.error}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
      {sessionsOf ? (
        <UserSessionsDialog key={sessionsOf.id} user={sessionsOf} onClose={() => setSessionsOf(null)} />
      ) : null}
      {password ? (
        <PasswordOnce email={password.email} password={password.password} onClose={() => setPassword(null)} />
      ) : null}
    </>
  );
}

function RoleSelect({
  registration,
  hint,
  error,
}: {
  /** `register("role")`, with `disabled` when the role cannot change. */
  registration: UseFormRegisterReturn;
  hint?: string;
  error?: string;
}) {
  const t = useTranslations("settings.users");
  const roles = useTranslations("common.roles");
  return (
    <SelectField label={t("role")} hint={hint ?? t("roleHint")} error={error} {...registration}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roles(role)}
        </option>
      ))}
    </SelectField>
  );
}

export function CreateUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (email: string, generatedPassword: string | undefined) => void;
}) {
  const t = useTranslations("settings.users");
  const create = useCreateUser();
  const form = useZodForm<NewUserValues, z.output<typeof newUserSchema>>({
    schema: newUserSchema,
    fields: ["email", "name", "role", "password", "integration"],
    defaultValues: { email: "", name: "", role: "staff", password: "", integration: false },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      const user = await create.mutateAsync(input);
      onCreated(user.email, user.generated_password);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={t("new")} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField
          label={t("email")}
          type="email"
          autoComplete="off"
          error={form.fieldError("email")}
          required
          {...form.register("email")}
        />
        <TextField
          label={t("name")}
          autoComplete="off"
          error={form.fieldError("name")}
          required
          {...form.register("name")}
        />
        <RoleSelect registration={form.register("role")} error={form.fieldError("role")} />
        <TextField
          label={t("password")}
          type="password"
          autoComplete="new-password"
          hint={t("passwordHint", { min: PASSWORD_MIN })}
          error={form.fieldError("password")}
          {...form.register("password")}
        />
        <IntegrationCheckbox registration={form.register("integration")} />
        <FormFooter pending={create.isPending} onCancel={onClose} submitLabel={t("create")} />
      </form>
    </Dialog>
  );
}

export function EditUserDialog({ user, self, onClose }: { user: UserRow; self: boolean; onClose: () => void }) {
  const t = useTranslations("settings.users");
  const update = useUpdateUser();
  const form = useZodForm<EditUserValues, z.output<typeof editUserSchema>>({
    schema: editUserSchema,
    fields: ["name", "role", "integration"],
    defaultValues: { name: user.name, role: user.role, integration: user.integration },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: user.id, input });
      onClose();
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Dialog open title={t("edit", { name: user.email })} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <TextField label={t("name")} error={form.fieldError("name")} required {...form.register("name")} />
        <RoleSelect
          registration={form.register("role", { disabled: self })}
          hint={self ? t("selfRoleHint") : undefined}
          error={form.fieldError("role")}
        />
        <IntegrationCheckbox registration={form.register("integration", { disabled: self })} />
        <FormFooter pending={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** "Conta de integração": what it means is said beside the box, since it changes what the account reads. */
function IntegrationCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useTranslations("settings.users");
  const id = useId();
  // The box is named by its label only; the hint describes it (a name holding "e-mail" would answer for that field).
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" className="mt-1" aria-describedby={`${id}-hint`} {...registration} />
      <div>
        <label htmlFor={id} className="font-medium">
          {t("integration")}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t("integrationHint")}
        </p>
      </div>
    </div>
  );
}
