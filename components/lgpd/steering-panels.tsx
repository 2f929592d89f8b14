"use client";

// The officer's steering tools on /lgpd/titular: how a request entered by hand arrived, the deletion-review setting
// with the requests awaiting review (approve, or deny with a reason), and the legal holds (LGPD Art. 16 I).
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { DataTable, type Column } from "@/components/ui/table.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import {
  useApproveDeletion,
  useCreateLegalHold,
  useDeleteLegalHold,
  useDenyDeletion,
  useLegalHolds,
  useReviewOverview,
  useSetDeletionReview,
  type LegalHold,
} from "@/lib/api-client/lgpd-steering.ts";
import { z } from "zod";
import { LGPD_CHANNELS, ZLegalHoldBody, ZLgpdDenyBody } from "@/lib/lgpd/schemas.ts";
import { useDateTime } from "./use-date-time.ts";

export type HandEntry = { channel: string; received_on: string; note: string };
export const EMPTY_ENTRY: HandEntry = { channel: "", received_on: "", note: "" };

/** The body fields of a request entered by hand (empty ones left out). */
export function entryBody(entry: HandEntry) {
  return {
    ...(entry.channel ? { channel: entry.channel as (typeof LGPD_CHANNELS)[number] } : {}),
    ...(entry.received_on ? { received_on: entry.received_on } : {}),
    ...(entry.note.trim() ? { note: entry.note.trim() } : {}),
  };
}

/** How a request received by e-mail, letter, phone or in person arrived: channel, day (the deadline's start), note. */
export function HandEntryFields({ value, onChange }: { value: HandEntry; onChange: (next: HandEntry) => void }) {
  const t = useTranslations("lgpdSteering.entry");
  const today = new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });
  return (
    <fieldset className="mb-4 grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("legend")}</legend>
      <SelectField
        label={t("channel")}
        name="channel"
        value={value.channel}
        onChange={(event) => onChange({ ...value, channel: event.currentTarget.value })}
      >
        <option value="">{t("channelNone")}</option>
        {LGPD_CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {t(`channels.${channel}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("receivedOn")}
        name="received_on"
        type="date"
        max={today}
        hint={t("receivedHint")}
        value={value.received_on}
        onChange={(event) => onChange({ ...value, received_on: event.currentTarget.value })}
      />
      <TextAreaField
        label={t("note")}
        name="note"
        rows={2}
        maxLength={1000}
        hint={t("noteHint")}
        value={value.note}
        onChange={(event) => onChange({ ...value, note: event.currentTarget.value })}
      />
    </fieldset>
  );
}

/**
 * "Aguardando revisão" / "Aprovada" beside a request's status, and how it arrived when entered by hand. A denial needs
 * no note: the badge says "Negada" and the details give the reason.
 */
export function ReviewNote({ row }: { row: SerializedLgpdRequest }) {
  const t = useTranslations("lgpdSteering");
  const when = useDateTime();
  return (
    <span className="flex flex-col gap-0.5 text-xs text-slate-700">
      {row.review && row.review !== "denied" ? (
        <span data-review={row.review}>{t(`review.states.${row.review}`)}</span>
      ) : null}
      {row.channel ? (
        <span>
          {t("review.channelLine", {
            channel: t(`entry.channels.${row.channel}`),
            date: when(row.received_at ?? row.requested_at),
          })}
        </span>
      ) : null}
    </span>
  );
}

/** The review setting, the instance's requests awaiting review (approve / deny), and the returning-CPF count. */
export function ReviewPanel() {
  const t = useTranslations("lgpdSteering.review");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const overview = useReviewOverview();
  const setting = useSetDeletionReview();
  const approve = useApproveDeletion();
  const deny = useDenyDeletion();
  const [approving, setApproving] = useState<SerializedLgpdRequest | null>(null);
  const [denying, setDenying] = useState<SerializedLgpdRequest | null>(null);
  const denyForm = useZodForm<{ reason: string }, z.infer<typeof ZLgpdDenyBody>>({
    schema: ZLgpdDenyBody,
    fields: ["reason"],
    defaultValues: { reason: "" },
  });
  const reason = denyForm.watch("reason");
  const [notice, setNotice] = useState<string | null>(null);
  // The choice just made, set in the click's own render: the mutation's pending state arrives a task later, and a
  // controlled box bound to it alone was put back as the server had it in between (review-toggle.test.tsx).
  const [choice, setChoice] = useState<boolean | null>(null);
  const [fourEyesChoice, setFourEyesChoice] = useState<boolean | null>(null);

  if (overview.isPending) return <Spinner label={tc("states.loading")} />;
  if (overview.isError) return <Alert>{tc("states.error", { message: errorText.text(overview.error) })}</Alert>;
  const data = overview.data;
  // With four eyes on, the officer who entered a request sees why they cannot approve it (the server refuses too).
  const ownEntry = (row: SerializedLgpdRequest) => data.four_eyes && data.entered_by_you.includes(row.id);
  const columns: Array<Column<SerializedLgpdRequest>> = [
    { key: "id", label: t("columns.id"), rowHeader: true, cardTitle: true, cell: (row) => row.id },
    { key: "cpf", label: t("columns.cpf"), cell: (row) => row.cpf_masked },
    { key: "requested", label: t("columns.received"), cell: (row) => when(row.received_at ?? row.requested_at) },
    { key: "how", label: t("columns.how"), cardWide: true, cell: (row) => <ReviewNote row={row} /> },
    {
      key: "actions",
      label: t("columns.actions"),
      cardWide: true,
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={() => setApproving(row)}
            disabled={ownEntry(row)}
            aria-describedby={ownEntry(row) ? `four-eyes-${row.id}` : undefined}
          >
            {t("approve", { id: row.id })}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              denyForm.reset();
              deny.reset();
              setDenying(row);
            }}
          >
            {t("deny", { id: row.id })}
          </Button>
          {ownEntry(row) ? (
            <span id={`four-eyes-${row.id}`} className="basis-full text-xs text-slate-700">
              {t("fourEyesOwn")}
            </span>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <Card title={t("title")}>
      <div className="space-y-3">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4"
            // While saving, the box shows the choice just made (the answer then confirms it).
            checked={choice ?? data.enabled}
            disabled={setting.isPending}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setChoice(next);
              setting.mutate({ enabled: next }, { onSettled: () => setChoice(null) });
            }}
          />
          <span>
            <span className="font-medium">{t("toggle")}</span>
            <span className="block text-xs text-slate-600">{t("toggleHint")}</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={fourEyesChoice ?? data.four_eyes}
            disabled={setting.isPending}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setFourEyesChoice(next);
              setting.mutate({ four_eyes: next }, { onSettled: () => setFourEyesChoice(null) });
            }}
          />
          <span>
            <span className="font-medium">{t("fourEyes")}</span>
            <span className="block text-xs text-slate-600">{t("fourEyesHint")}</span>
          </span>
        </label>
        {setting.isSuccess ? (
          <p role="status" className="text-sm">
            {t("saved")}
          </p>
        ) : null}
        {setting.isError ? <Alert>{errorText.text(setting.error)}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <p className="text-sm text-slate-700" data-testid="returning-count">
          {t("returning", { count: data.returned_documents })}
        </p>
        <h3 className="text-sm font-semibold">{t("awaitingTitle")}</h3>
        <DataTable
          label={t("awaitingTitle")}
          columns={columns}
          rows={data.awaiting}
          rowKey={(row) => row.id}
          empty={t("none")}
          cards
        />
      </div>
      <ConfirmDialog
        open={approving !== null}
        tone="danger"
        title={t("confirmApproveTitle")}
        message={t("confirmApprove", { cpf: approving?.cpf_masked ?? "" })}
        confirmLabel={approving ? t("approve", { id: approving.id }) : ""}
        pending={approve.isPending}
        error={approve.error}
        onCancel={() => setApproving(null)}
        onConfirm={() =>
          approving &&
          approve.mutate(approving.id, {
            onSuccess: (row) => {
              setApproving(null);
              setNotice(t("approved", { id: row.id }));
            },
          })
        }
      />
      <Dialog open={denying !== null} title={t("denyTitle", { id: denying?.id ?? 0 })} onClose={() => setDenying(null)}>
        <form
          className="space-y-3"
          noValidate
          onSubmit={denyForm.handleSubmit(async (body) => {
            if (!denying) return;
            try {
              const row = await deny.mutateAsync({ id: denying.id, reason: body.reason });
              setDenying(null);
              setNotice(t("denied", { id: row.id }));
            } catch (error) {
              denyForm.showServerError(error);
            }
          })}
        >
          {denyForm.rootError ? <Alert>{denyForm.rootError}</Alert> : null}
          <TextAreaField
            label={t("reason")}
            rows={3}
            required
            maxLength={500}
            hint={t("reasonHint")}
            error={denyForm.fieldError("reason")}
            {...denyForm.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDenying(null)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" disabled={deny.isPending || reason.trim().length < 3}>
              {t("denyConfirm")}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}

type Choice = { id: number; name: string };

type HoldValues = { scope: string; basis: string; period_years: string };
/** The form's strings (the scope select is "product:<id>" or "status:<id>") → the route's body, checked by it. */
const holdSchema = z
  .object({ scope: z.string().regex(/^(product|status):\d+$/), basis: z.string(), period_years: z.string() })
  .transform(({ scope, basis, period_years }): z.input<typeof ZLegalHoldBody> => {
    const [kind, id] = scope.split(":");
    return {
      ...(kind === "product" ? { product_id: Number(id) } : { status_id: Number(id) }),
      basis,
      period_years: period_years.trim() === "" ? Number.NaN : Number(period_years),
    };
  })
  .pipe(ZLegalHoldBody);
const HOLD_DEFAULTS: HoldValues = { scope: "", basis: "", period_years: "5" };

/** The instance's legal holds: add one (a product or a status, its basis and period), remove one. */
export function LegalHoldsPanel({ products, statuses }: { products: Choice[]; statuses: Choice[] }) {
  const t = useTranslations("lgpdSteering.holds");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const holds = useLegalHolds();
  const create = useCreateLegalHold();
  const remove = useDeleteLegalHold();
  const form = useZodForm<HoldValues, z.infer<typeof ZLegalHoldBody>>({
    schema: holdSchema,
    fields: ["scope", "basis", "period_years"],
    shownUnder: { product_id: "scope", status_id: "scope" },
    defaultValues: HOLD_DEFAULTS,
  });
  const scope = form.watch("scope");
  const scopeLabel = (hold: LegalHold) =>
    hold.product_id !== null ? t("product", { name: hold.scope_name }) : t("status", { name: hold.scope_name });

  const add = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      form.reset(HOLD_DEFAULTS);
    } catch (error) {
      // A product or status removed meanwhile is refused under "Aplica-se a"; a conflict or failure above the form.
      form.showServerError(error);
    }
  });

  const columns: Array<Column<LegalHold>> = [
    { key: "scope", label: t("columns.scope"), rowHeader: true, cardTitle: true, cell: scopeLabel },
    { key: "basis", label: t("columns.basis"), cell: (hold) => hold.basis },
    { key: "period", label: t("columns.period"), cell: (hold) => t("period", { years: hold.period_years }) },
    {
      key: "remove",
      label: t("columns.actions"),
      cell: (hold) => (
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(hold.id)}>
          {t("remove", { name: hold.scope_name })}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t("title")}>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
      {holds.isPending ? (
        <Spinner label={tc("states.loading")} />
      ) : holds.isError ? (
        <Alert>{errorText.text(holds.error)}</Alert>
      ) : (
        <DataTable
          label={t("title")}
          columns={columns}
          rows={holds.data.items}
          rowKey={(hold) => hold.id}
          empty={t("none")}
          cards
        />
      )}
      <form onSubmit={add} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-start">
        <SelectField label={t("scope")} required error={form.fieldError("scope")} {...form.register("scope")}>
          <option value="">{t("chooseScope")}</option>
          {products.map((product) => (
            <option key={`p${product.id}`} value={`product:${product.id}`}>
              {t("product", { name: product.name })}
            </option>
          ))}
          {statuses.map((status) => (
            <option key={`s${status.id}`} value={`status:${status.id}`}>
              {t("status", { name: status.name })}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("basis")}
          required
          maxLength={300}
          hint={t("basisHint")}
          error={form.fieldError("basis")}
          {...form.register("basis")}
        />
        <TextField
          label={t("years")}
          type="number"
          min={1}
          max={100}
          required
          error={form.fieldError("period_years")}
          {...form.register("period_years")}
        />
        <Button type="submit" className="sm:mt-6" disabled={create.isPending || scope === ""}>
          {t("add")}
        </Button>
      </form>
      {form.rootError ? (
        <div className="mt-2">
          <Alert>{form.rootError}</Alert>
        </div>
      ) : null}
    </Card>
  );
}
