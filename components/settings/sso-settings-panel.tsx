"use client";

import { useTranslations } from "use-intl";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { FormSaveBar } from "@/components/ui/form-save-bar.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useSaveSsoSettings, useSsoSettings } from "@/lib/api-client/sso-settings.ts";
import { ROLES, type Role } from "@/lib/auth/roles.ts";
import type { SsoSettingsAnswer } from "@/lib/sso/schemas.ts";

const FIELDS = [
  "enabled",
  "issuer_url",
  "client_id",
  "client_secret",
  "allowed_domains",
  "groups_claim",
  "group_roles",
  "password_sign_in_disabled",
  "directory_enforces_mfa",
] as const;

type Values = {
  enabled: boolean;
  issuer_url: string;
  client_id: string;
  client_secret: string;
  /** One domain per line. */
  allowed_domains: string;
  groups_claim: string;
  /** One `group = role` per line. */
  group_roles: string;
  password_sign_in_disabled: boolean;
  directory_enforces_mfa: boolean;
};

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** `group = role` lines as the API's list; the number of the first line that is not one, if any. */
function parseGroupRoles(text: string): { groupRoles: Array<{ group: string; role: Role }>; badLine: number | null } {
  const groupRoles: Array<{ group: string; role: Role }> = [];
  const all = lines(text);
  for (const [index, line] of all.entries()) {
    const cut = line.lastIndexOf("=");
    const group = line.slice(0, cut).trim();
    const role = line.slice(cut + 1).trim() as Role;
    if (cut < 1 || !group || !ROLES.includes(role)) return { groupRoles, badLine: index + 1 };
    groupRoles.push({ group, role });
  }
  return { groupRoles, badLine: null };
}

/** Configurações → Login único: the instance's OpenID Connect directory, its groups' roles and password sign-in. */
export function SsoSettingsPanel() {
  const t = useTranslations("settings.sso");
  const query = useSsoSettings();
  // Owned here: saving replaces the cached settings, which remounts the form with the saved values.
  const save = useSaveSsoSettings();
  const errorText = useErrorText();
  if (query.isPending) return <Spinner label={t("loading")} />;
  if (query.isError) return <Alert>{errorText.text(query.error)}</Alert>;
  return <SsoForm key={JSON.stringify(query.data)} initial={query.data} save={save} />;
}

function SsoForm({ initial, save }: { initial: SsoSettingsAnswer; save: ReturnType<typeof useSaveSsoSettings> }) {
  const t = useTranslations("settings.sso");
  // The server checks the body (its schema takes lists; the form edits lines), and its field errors land here.
  const form = useZodForm<Values>({
    fields: FIELDS,
    defaultValues: {
      enabled: initial.enabled,
      issuer_url: initial.issuer_url,
      client_id: initial.client_id,
      client_secret: "",
      allowed_domains: initial.allowed_domains.join("\n"),
      groups_claim: initial.groups_claim,
      group_roles: initial.group_roles.map(({ group, role }) => `${group} = ${role}`).join("\n"),
      password_sign_in_disabled: initial.password_sign_in_disabled,
      directory_enforces_mfa: initial.directory_enforces_mfa,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    const { groupRoles, badLine } = parseGroupRoles(values.group_roles);
    if (badLine !== null) {
      form.setError("group_roles", { type: "invalid", message: t("badGroupLine", { line: badLine }) });
      return;
    }
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        issuer_url: values.issuer_url.trim(),
        client_id: values.client_id.trim(),
        ...(values.client_secret ? { client_secret: values.client_secret } : {}),
        allowed_domains: lines(values.allowed_domains),
        groups_claim: values.groups_claim.trim() || "groups",
        group_roles: groupRoles,
        password_sign_in_disabled: values.password_sign_in_disabled,
        directory_enforces_mfa: values.directory_enforces_mfa,
      });
    } catch (error) {
      form.showServerError(error);
    }
  });
  const checkbox = (name: "enabled" | "password_sign_in_disabled" | "directory_enforces_mfa", hint?: string) => (
    <div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" className="h-5 w-5" {...form.register(name)} />
        {t(name === "enabled" ? "enabled" : name === "password_sign_in_disabled" ? "passwordOff" : "mfa")}
      </label>
      {hint ? <p className="ml-7 mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
  return (
    <Card title={t("title")}>
      <p className="mb-3 max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      <form noValidate className="grid max-w-2xl gap-3" onSubmit={submit}>
        {checkbox("enabled")}
        <TextField
          label={t("issuer")}
          hint={t("issuerHint")}
          inputMode="url"
          error={form.fieldError("issuer_url")}
          {...form.register("issuer_url")}
        />
        <TextField label={t("clientId")} error={form.fieldError("client_id")} {...form.register("client_id")} />
        <TextField
          label={t("clientSecret")}
          type="password"
          autoComplete="off"
          hint={
            initial.client_secret_hint
              ? t("clientSecretHint", { hint: initial.client_secret_hint })
              : t("clientSecretNew")
          }
          error={form.fieldError("client_secret")}
          {...form.register("client_secret")}
        />
        <TextAreaField
          label={t("domains")}
          hint={t("domainsHint")}
          rows={3}
          error={form.fieldError("allowed_domains")}
          {...form.register("allowed_domains")}
        />
        <TextField
          label={t("groupsClaim")}
          error={form.fieldError("groups_claim")}
          {...form.register("groups_claim")}
        />
        <TextAreaField
          label={t("groupRoles")}
          hint={t("groupRolesHint")}
          rows={4}
          error={form.fieldError("group_roles")}
          {...form.register("group_roles")}
        />
        {checkbox("password_sign_in_disabled", t("passwordOffHint"))}
        {checkbox("directory_enforces_mfa", t("mfaHint"))}
        <dl className="grid gap-1 text-sm">
          <dt className="font-medium text-slate-700">{t("redirect")}</dt>
          <dd>
            <code>{`${typeof window === "undefined" ? "" : window.location.origin}${initial.redirect_path}`}</code>
          </dd>
          <dt className="font-medium text-slate-700">{t("signInLink")}</dt>
          <dd>
            <code>{`${typeof window === "undefined" ? "" : window.location.origin}${initial.sign_in_path}`}</code>
          </dd>
        </dl>
        <FormSaveBar
          saving={save.isPending}
          saved={save.isSuccess}
          summary={form.summary}
          saveLabel={t("save")}
          savedText={t("saved")}
        />
      </form>
    </Card>
  );
}
