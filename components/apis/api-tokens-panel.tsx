"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { useDateTime } from "@/components/lgpd/use-date-time.ts";
import {
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
  useSetTokenPersonalData,
  type CreatedApiToken,
  type SerializedApiToken,
} from "@/lib/api-client/apis.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ZCreateApiTokenBody } from "@/lib/apis/answers.ts";
import { localDayEnd } from "@/lib/time/local-day.ts";
import { SecretReveal } from "./secret-reveal.tsx";

const ROLES = ["viewer", "staff", "admin"] as const;

/** The form's values (the date field's day as typed) → POST /api/admin/tokens's body, checked by its own schema. */
const tokenFormSchema = z
  .object({
    name: ZCreateApiTokenBody.shape.name,
    role: z.enum(ROLES),
    // A chosen day means "valid through that day" in Brasília time: it expires at its last millisecond there.
    expires_at: z
      .string()
      .transform((day) => (day ? new Date(localDayEnd(day).getTime() - 1) : null))
      .refine((expires) => expires === null || expires > new Date(), { params: { code: "expires_past" } })
      .transform((expires) => expires?.toISOString() ?? null),
    clear_personal_data: z.boolean(),
  })
  .transform((values): z.input<typeof ZCreateApiTokenBody> => ({
    ...values,
    clear_personal_data: values.clear_personal_data && values.role !== "viewer",
  }))
  .pipe(ZCreateApiTokenBody);
type TokenFormValues = z.input<typeof tokenFormSchema>;

/** The APIs menu's token entry: create (secret shown once), list with last use, revoke (confirmed). */
export function ApiTokensPanel() {
  const t = useTranslations("apis.tokens");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const personalData = useSetTokenPersonalData();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<SerializedApiToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useZodForm<TokenFormValues, z.output<typeof tokenFormSchema>>({
    schema: tokenFormSchema,
    defaultValues: { name: "", role: "staff", expires_at: "", clear_personal_data: false },
    fields: ["name", "expires_at"],
    messages: { name: t("errors.name"), expires_at: t("errors.expiresPast") },
  });

  const submit = form.handleSubmit(async (body) => {
    setCreated(null);
    setNotice(null);
    try {
      setCreated(await create.mutateAsync(body));
      form.reset();
    } catch (error) {
      // A refused expiry is said as the browser's check says it (the server only refuses a past one).
      form.showServerError(error, (item) => (item.path === "expires_at" ? t("errors.expiresPast") : undefined));
    }
  });

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

  const revokedLabel = (token: SerializedApiToken) => t("revokedAt", { date: when(token.revoked_at) });
  const columns: Array<Column<SerializedApiToken>> = [
    { key: "name", label: t("columns.name"), rowHeader: true, cardTitle: true, cell: (token) => token.name },
    {
      key: "prefix",
      label: t("columns.prefix"),
      cardTitle: true,
      cell: (token) => <span className="font-mono text-xs">{token.prefix}…</span>,
    },
    { key: "role", label: t("columns.role"), cell: (token) => tc(`roles.${token.role}`) },
    {
      key: "createdBy",
      label: t("columns.createdBy"),
      cellClassName: "break-all",
      cell: (token) => token.created_by ?? t("unknownCreator"),
    },
    { key: "createdAt", label: t("columns.createdAt"), cell: (token) => when(token.created_at) },
    { key: "lastUsedAt", label: t("columns.lastUsedAt"), cell: (token) => when(token.last_used_at, t("never")) },
    { key: "expiresAt", label: t("columns.expiresAt"), cell: (token) => when(token.expires_at, t("noExpiry")) },
    {
      key: "personalData",
      label: t("columns.personalData"),
      cell: (token) => (
        <TokenPersonalData
          token={token}
          pending={personalData.isPending}
          onChange={(clear) => personalData.mutate({ id: token.id, clear })}
        />
      ),
    },
    {
      key: "state",
      label: t("columns.state"),
      cardTitle: true,
      cell: (token) => <TokenState token={token} revokedLabel={revokedLabel(token)} />,
    },
    {
      key: "actions",
      label: t("columns.actions"),
      srOnly: true,
      cardHidden: true,
      cellClassName: "text-right",
      cell: (token) => <RevokeButton token={token} onRevoke={askRevoke} />,
    },
  ];

  return (
    <div className="space-y-6">
      <Card title={t("createTitle")}>
        <form onSubmit={submit} noValidate className="grid items-start gap-4 md:grid-cols-3">
          <TextField
            label={t("name")}
            hint={t("nameHint")}
            error={form.fieldError("name")}
            maxLength={100}
            required
            autoComplete="off"
            {...form.register("name")}
          />
          <div>
            <SelectField label={t("role")} aria-describedby="token-role-hint" {...form.register("role")}>
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
            type="date"
            hint={t("expiresHint")}
            error={form.fieldError("expires_at")}
            {...form.register("expires_at")}
          />
          <div className="md:col-span-3">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                aria-describedby="token-clear-hint"
                {...form.register("clear_personal_data")}
              />
              <span>{t("clearData")}</span>
            </label>
            <p id="token-clear-hint" className="mt-1 text-xs text-slate-600">
              {t("clearDataHint")}
            </p>
          </div>
          <div className="md:col-span-3">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("creating") : t("create")}
            </Button>
          </div>
        </form>
        {form.rootError ? (
          <div className="mt-4">
            <Alert>{tc("states.error", { message: form.rootError })}</Alert>
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
        {personalData.isError ? (
          <div className="mb-4">
            <Alert>{tc("states.error", { message: errorText.text(personalData.error) })}</Alert>
          </div>
        ) : null}
        {tokens.isError ? (
          <Alert>{tc("states.error", { message: errorText.text(tokens.error) })}</Alert>
        ) : (
          <DataTable
            label={t("tableLabel")}
            columns={columns}
            rows={tokens.data}
            rowKey={(token) => token.id}
            empty={t("empty")}
            cards
            cardFooter={(token) => <RevokeButton token={token} onRevoke={askRevoke} />}
          />
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

/** Masked or clear on the document API, the count of clear reads, and the switch (never for viewers or revoked). */
function TokenPersonalData({
  token,
  pending,
  onChange,
}: {
  token: SerializedApiToken;
  pending: boolean;
  onChange: (clear: boolean) => void;
}) {
  const t = useTranslations("apis.tokens.personal");
  if (token.role === "viewer") return <span className="text-xs text-slate-600">{t("viewerOnly")}</span>;
  const clear = token.clear_personal_data;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={clear ? "warning" : "neutral"}>{clear ? t("clear") : t("masked")}</Badge>
      <span className="text-xs text-slate-600">{t("reads", { count: token.unmasked_reads })}</span>
      {token.state === "revoked" ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          aria-label={clear ? t("makeMaskedLabel", { name: token.name }) : t("makeClearLabel", { name: token.name })}
          onClick={() => onChange(!clear)}
        >
          {clear ? t("makeMasked") : t("makeClear")}
        </Button>
      )}
    </span>
  );
}
