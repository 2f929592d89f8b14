"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { useDateTime } from "@/components/lgpd/use-date-time.ts";
import {
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
  type CreatedApiToken,
  type SerializedApiToken,
} from "@/lib/api-client/apis.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { localDayEnd } from "@/lib/time/local-day.ts";
import { SecretReveal } from "./secret-reveal.tsx";

const ROLES = ["viewer", "staff", "admin"] as const;
type Role = (typeof ROLES)[number];

/** The APIs menu's token entry: create (secret shown once), list with last use, revoke (confirmed). */
export function ApiTokensPanel() {
  const t = useTranslations("apis.tokens");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [formError, setFormError] = useState<{ name?: string; expires?: string } | null>(null);
  const [revoking, setRevoking] = useState<SerializedApiToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const role = String(data.get("role")) as Role;
    const expiresDay = String(data.get("expires") ?? "");
    // A chosen day means "valid through that day" in Brasília time: it expires at its last millisecond there.
    const expiresAt = expiresDay ? new Date(localDayEnd(expiresDay).getTime() - 1) : null;
    const errors = {
      ...(name ? {} : { name: t("errors.name") }),
      ...(expiresAt && expiresAt <= new Date() ? { expires: t("errors.expiresPast") } : {}),
    };
    setFormError(Object.keys(errors).length ? errors : null);
    if (Object.keys(errors).length) return;
    setCreated(null);
    setNotice(null);
    create.mutate(
      { name, role, expires_at: expiresAt?.toISOString() ?? null },
      {
        onSuccess: (token) => {
          setCreated(token);
          form.reset();
        },
        onError: (error) => {
          const expiresError =
            error instanceof ApiClientError && error.body.errors?.some((item) => item.path === "expires_at");
          if (expiresError) setFormError({ expires: t("errors.expiresPast") });
        },
      },
    );
  }

  function askRevoke(token: SerializedApiToken) {
    revoke.reset();
    setRevoking(token);
  }

  function confirmRevoke() {
    if (!revoking) return;
    const target = revoking;
    revoke.mutate(target.id, {
      onSuccess: () => {
        setRevoking(null);
        setNotice(t("revoked", { name: target.name }));
      },
    });
  }

  return (
    <div className="space-y-6">
      <Card title={t("createTitle")}>
        <form onSubmit={submit} noValidate className="grid items-start gap-4 md:grid-cols-3">
          <TextField
            label={t("name")}
            name="name"
            hint={t("nameHint")}
            error={formError?.name}
            maxLength={100}
            required
            autoComplete="off"
          />
          <div>
            <SelectField label={t("role")} name="role" defaultValue="staff" aria-describedby="token-role-hint">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {tc(`roles.${role}`)}
                </option>
              ))}
            </SelectField>
            <p id="token-role-hint" className="mt-1 text-xs text-slate-600">
              {t("roleHint")}
            </p>
          </div>
          <TextField
            label={t("expiresAt")}
            name="expires"
            type="date"
            hint={t("expiresHint")}
            error={formError?.expires}
          />
          <div className="md:col-span-3">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("creating") : t("create")}
            </Button>
          </div>
        </form>
        {create.isError && !formError ? (
          <div className="mt-4">
            <Alert>{tc("states.error", { message: errorText.text(create.error) })}</Alert>
          </div>
        ) : null}
        {created ? (
          <div className="mt-4">
            <SecretReveal
              label={t("newToken")}
              secret={created.token}
              message={t("created", { name: created.name })}
              onDismiss={() => setCreated(null)}
            />
          </div>
        ) : null}
      </Card>

      <Card
        title={t("listTitle")}
        actions={<UpdatedAgo updatedAt={tokens.dataUpdatedAt} fetching={tokens.isFetching} />}
      >
        {notice ? (
          <div className="mb-4">
            <Alert tone="success">{notice}</Alert>
          </div>
        ) : null}
        {tokens.isPending ? (
          <Spinner label={tc("states.loading")} />
        ) : tokens.isError ? (
          <Alert>{tc("states.error", { message: errorText.text(tokens.error) })}</Alert>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <>
            <div
              className="relative hidden overflow-x-auto lg:block"
              tabIndex={0}
              role="region"
              aria-label={t("tableLabel")}
            >
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.name")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.prefix")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.role")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.createdBy")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.createdAt")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.lastUsedAt")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.expiresAt")}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t("columns.state")}
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">{t("columns.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.data.map((token) => (
                    <tr key={token.id} className="border-b border-slate-100 align-top last:border-0">
                      <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                        {token.name}
                      </th>
                      <td className="py-2 pr-3 font-mono text-xs">{token.prefix}…</td>
                      <td className="py-2 pr-3">{tc(`roles.${token.role}`)}</td>
                      <td className="break-all py-2 pr-3">{token.created_by ?? t("unknownCreator")}</td>
                      <td className="py-2 pr-3">{when(token.created_at)}</td>
                      <td className="py-2 pr-3">{when(token.last_used_at, t("never"))}</td>
                      <td className="py-2 pr-3">{when(token.expires_at, t("noExpiry"))}</td>
                      <td className="py-2 pr-3">
                        <TokenState token={token} revokedLabel={t("revokedAt", { date: when(token.revoked_at) })} />
                      </td>
                      <td className="py-2 text-right">
                        <RevokeButton token={token} onRevoke={askRevoke} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* Below 1024 px the same tokens as cards, so nothing hides past the right edge on a tablet. */}
            <ul aria-label={t("tableLabel")} className="space-y-3 lg:hidden">
              {tokens.data.map((token) => (
                <li key={token.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-slate-900">{token.name}</span>
                    <span className="font-mono text-xs">{token.prefix}…</span>
                    <TokenState token={token} revokedLabel={t("revokedAt", { date: when(token.revoked_at) })} />
                  </div>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                    {(
                      [
                        [t("columns.role"), tc(`roles.${token.role}`)],
                        [t("columns.createdBy"), token.created_by ?? t("unknownCreator")],
                        [t("columns.createdAt"), when(token.created_at)],
                        [t("columns.lastUsedAt"), when(token.last_used_at, t("never"))],
                        [t("columns.expiresAt"), when(token.expires_at, t("noExpiry"))],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className="text-xs text-slate-600">{label}</dt>
                        <dd className="break-all">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="mt-3">
                    <RevokeButton token={token} onRevoke={askRevoke} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <ConfirmDialog
        open={revoking !== null}
        title={t("revokeTitle", { name: revoking?.name ?? "" })}
        message={t("revokeBody", { prefix: revoking?.prefix ?? "" })}
        confirmLabel={t("revokeConfirm")}
        pendingLabel={t("revoking")}
        tone="danger"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}

function TokenState({ token, revokedLabel }: { token: SerializedApiToken; revokedLabel: string }) {
  const t = useTranslations("apis.tokens.states");
  const tones = { active: "success", expired: "warning", revoked: "neutral" } as const;
  return (
    <span className="inline-flex flex-col gap-0.5">
      <Badge tone={tones[token.state]}>{t(token.state)}</Badge>
      {token.state === "revoked" ? <span className="text-xs text-slate-600">{revokedLabel}</span> : null}
    </span>
  );
}

function RevokeButton({
  token,
  onRevoke,
}: {
  token: SerializedApiToken;
  onRevoke: (token: SerializedApiToken) => void;
}) {
  const t = useTranslations("apis.tokens");
  if (token.state === "revoked") return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t("revokeLabel", { name: token.name })}
      onClick={() => onRevoke(token)}
    >
      {t("revoke")}
    </Button>
  );
}
