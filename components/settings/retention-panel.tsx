"use client";
// Settings → Retenção: the instance's retention rules (lib/retention). A rule is created inactive; its preview shows
// what it would take now (counts per product and status, the cutoff; no personal data); activating it names that
// count in the confirmation, and the server refuses a count that no longer holds.
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { z } from "zod";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { DataTable } from "@/components/ui/table.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  useActivateRetentionRule,
  useCreateRetentionRule,
  useDeactivateRetentionRule,
  useDeleteRetentionRule,
  useRetentionPreview,
  useRetentionRules,
  useRunRetentionRuleNow,
} from "@/lib/api-client/retention.ts";
import { useCategories, useProducts } from "@/lib/api-client/settings.ts";
import { ZRetentionRuleBody, type TRetentionRule } from "@/lib/retention/schemas.ts";

/** The new-rule form's inputs as typed → ZRetentionRuleBody, the schema POST /api/admin/retention parses ("" product =
 * every product; a days text that is no whole number in range is refused under its field, as the server would). */
const ruleInputs = z.object({
  product_id: z.string(),
  category_id: z.string(),
  years: z.string(),
  months: z.string(),
  days: z.string(),
  action: z.string(),
});
/** A count field's text: empty reads as 0 for years and months, as missing (refused) for days. */
const count = (text: string, empty: number) => (text.trim() === "" ? empty : Number(text));
type RuleValues = z.infer<typeof ruleInputs>;
const ruleFormSchema = ruleInputs
  .transform((values): z.input<typeof ZRetentionRuleBody> => ({
    product_id: values.product_id ? Number(values.product_id) : null,
    category_id: Number(values.category_id),
    years: count(values.years, 0),
    months: count(values.months, 0),
    days: count(values.days, Number.NaN),
    action: values.action as z.input<typeof ZRetentionRuleBody>["action"],
  }))
  .pipe(ZRetentionRuleBody);

function useDateTime() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  });
  return (iso: string) => format.format(new Date(iso));
}

export function RetentionPanel() {
  const t = useTranslations("retention");
  const rules = useRetentionRules();
  const [previewId, setPreviewId] = useState<number | null>(null);
  const errorText = useErrorText();
  if (rules.isPending) return <Spinner label={t("loading")} />;
  if (rules.isError) return <Alert>{errorText.text(rules.error)}</Alert>;
  const { run_cap: cap, run_hour: hour } = rules.data;
  const previewed = rules.data.rules.find((rule) => rule.id === previewId) ?? null;
  return (
    <div className="space-y-5">
      <Card title={t("title")}>
        <p className="mb-2 max-w-3xl text-sm text-slate-600">{t("intro", { hour, cap })}</p>
        <p className="mb-4 max-w-3xl text-sm text-slate-600">{t("effects")}</p>
        <RulesTable rules={rules.data.rules} onPreview={setPreviewId} />
      </Card>
      {previewed && !previewed.active ? (
        <PreviewCard key={previewed.id} rule={previewed} onClose={() => setPreviewId(null)} />
      ) : null}
      <NewRuleCard onCreated={setPreviewId} />
    </div>
  );
}

/** "5 anos e 6 meses": the period's non-zero parts, joined as the locale lists them. */
function usePeriodText() {
  const t = useTranslations("retention.period");
  const locale = useLocale();
  const list = new Intl.ListFormat(locale, { style: "long", type: "conjunction" });
  return (period: { years: number; months: number; days: number }) =>
    list.format(
      (["years", "months", "days"] as const)
        .filter((unit) => period[unit] > 0)
        .map((unit) => t(unit, { count: period[unit] })),
    );
}

function RuleText({ rule }: { rule: TRetentionRule }) {
  const t = useTranslations("retention");
  const periodText = usePeriodText();
  return (
    <>
      {t("ruleText", {
        action: rule.action,
        product: rule.product_id === null ? t("allProducts") : (rule.product_name ?? `#${rule.product_id}`),
        category: rule.category_label,
        period: periodText(rule),
      })}
    </>
  );
}

function RulesTable({ rules, onPreview }: { rules: TRetentionRule[]; onPreview: (id: number) => void }) {
  const t = useTranslations("retention");
  const dateTime = useDateTime();
  const deactivate = useDeactivateRetentionRule();
  const runNow = useRunRetentionRuleNow();
  const remove = useDeleteRetentionRule();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState<number | null>(null);
  const failed = [deactivate, runNow].find((mutation) => mutation.isError);
  return (
    <>
      {failed ? <Alert>{errorText.text(failed.error)}</Alert> : null}
      <DataTable
        label={t("rulesLabel")}
        variant="compact"
        cellClassName="px-3 py-2 align-top"
        rows={rules}
        rowKey={(rule) => rule.id}
        rowAttributes={(rule) => ({ "data-rule-id": rule.id })}
        empty={t("empty")}
        cards
        columns={[
          {
            key: "rule",
            label: t("columns.rule"),
            rowHeader: true,
            cardTitle: true,
            cell: (rule) => <RuleText rule={rule} />,
          },
          {
            key: "state",
            label: t("columns.state"),
            cell: (rule) =>
              rule.active ? <Badge tone="success">{t("active")}</Badge> : <Badge tone="neutral">{t("inactive")}</Badge>,
          },
          {
            key: "lastRun",
            label: t("columns.lastRun"),
            cell: (rule) =>
              rule.last_run ? (
                <span className="block text-sm">
                  {t("lastRunText", {
                    date: dateTime(rule.last_run.finished_at),
                    processed: rule.last_run.processed,
                    seconds: (rule.last_run.duration_ms / 1000).toFixed(1),
                  })}
                  {rule.last_run.capped ? (
                    <span className="block text-slate-600">
                      {t("lastRunRemaining", { remaining: rule.last_run.remaining })}
                    </span>
                  ) : null}
                  {rule.last_run.error ? (
                    <span className="block text-red-700">{t("lastRunError", { error: rule.last_run.error })}</span>
                  ) : null}
                </span>
              ) : (
                t("never")
              ),
          },
          {
            key: "nextRun",
            label: t("columns.nextRun"),
            cell: (rule) => (rule.next_run_at ? dateTime(rule.next_run_at) : "—"),
          },
          {
            key: "actions",
            label: t("columns.actions"),
            cardHidden: true,
            cell: (rule) => (
              <div className="flex flex-wrap gap-2">
                {rule.active ? (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => runNow.mutate(rule.id)}>
                      {t("runNow")}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => deactivate.mutate(rule.id)}>
                      {t("deactivate")}
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => onPreview(rule.id)}>
                    {t("preview")}
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => setDeleting(rule.id)}>
                  {t("delete")}
                </Button>
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle")}
        message={t("deleteMessage")}
        confirmLabel={t("delete")}
        tone="danger"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

function PreviewCard({ rule, onClose }: { rule: TRetentionRule; onClose: () => void }) {
  const t = useTranslations("retention");
  const dateTime = useDateTime();
  const preview = useRetentionPreview(rule.id);
  const activate = useActivateRetentionRule();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-label={t("previewTitle")}>
      <Card
        title={t("previewTitle")}
        actions={
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t("close")}
          </Button>
        }
      >
        <p className="mb-2 text-sm font-medium">
          <RuleText rule={rule} />
        </p>
        {preview.isPending ? <Spinner label={t("previewLoading")} /> : null}
        {preview.isError ? <Alert>{errorText.text(preview.error)}</Alert> : null}
        {preview.data ? (
          <div className="space-y-3">
            <p className="text-sm">{t("cutoff", { date: dateTime(preview.data.cutoff) })}</p>
            <p className="text-sm font-semibold" data-testid="retention-preview-total">
              {t("total", { total: preview.data.total })}
            </p>
            {preview.data.total > preview.data.run_cap ? (
              <p className="text-sm text-slate-600">{t("capNote", { cap: preview.data.run_cap })}</p>
            ) : null}
            <DataTable
              label={t("groupsLabel")}
              variant="compact"
              cellClassName="px-3 py-2"
              rows={preview.data.groups}
              rowKey={(group) => `${group.product_id}-${group.status_id}`}
              columns={[
                { key: "product", label: t("groupProduct"), rowHeader: true, cell: (group) => group.product_name },
                { key: "status", label: t("groupStatus"), cell: (group) => group.status_name },
                {
                  key: "count",
                  label: t("groupCount"),
                  className: "text-right",
                  cellClassName: "text-right",
                  cell: (group) => group.count,
                },
              ]}
            />
            <Button onClick={() => setConfirming(true)}>{t("activate")}</Button>
            <ConfirmDialog
              open={confirming}
              title={t("activateTitle")}
              message={t("activateMessage", { action: rule.action, count: preview.data.total })}
              confirmLabel={t("activateConfirm", { action: rule.action, count: preview.data.total })}
              tone="danger"
              pending={activate.isPending}
              error={activate.error}
              onConfirm={() =>
                activate.mutate(
                  { id: rule.id, count: preview.data.total },
                  {
                    onSuccess: () => {
                      setConfirming(false);
                      onClose();
                    },
                    onError: () => void preview.refetch(),
                  },
                )
              }
              onCancel={() => {
                setConfirming(false);
                activate.reset();
              }}
            />
          </div>
        ) : null}
      </Card>
    </section>
  );
}

export function NewRuleCard({ onCreated }: { onCreated: (id: number) => void }) {
  const t = useTranslations("retention");
  const categories = useCategories();
  const products = useProducts();
  const create = useCreateRetentionRule();
  const usable = (categories.data ?? []).filter((category) => category.kind !== "open");
  const form = useZodForm<RuleValues, z.output<typeof ruleFormSchema>>({
    schema: ruleFormSchema,
    fields: ["product_id", "category_id", "years", "months", "days", "action"],
    defaultValues: { product_id: "", category_id: "", years: "0", months: "0", days: "365", action: "anonymise" },
  });
  // The categories arrive after the form: the select shows the first usable one, so the form holds it too.
  const firstUsable = usable[0]?.id;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (firstUsable !== undefined && !getValues("category_id")) setValue("category_id", String(firstUsable));
  }, [firstUsable, getValues, setValue]);
  const submit = form.handleSubmit(async (body) => {
    try {
      const rule = await create.mutateAsync(body);
      onCreated(rule.id);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <Card title={t("newRule")}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {form.summary ? <Alert>{form.summary}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t("fields.product")}
            error={form.fieldError("product_id")}
            {...form.register("product_id")}
          >
            <option value="">{t("allProducts")}</option>
            {(products.data ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("fields.category")}
            hint={t("fields.categoryHint")}
            error={form.fieldError("category_id")}
            {...form.register("category_id")}
          >
            {usable.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </SelectField>
          <fieldset className="grid grid-cols-3 gap-2 sm:col-span-2 lg:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("fields.period")}</legend>
            <TextField
              type="number"
              min={0}
              max={100}
              label={t("fields.years")}
              error={form.fieldError("years")}
              {...form.register("years")}
            />
            <TextField
              type="number"
              min={0}
              max={1200}
              label={t("fields.months")}
              error={form.fieldError("months")}
              {...form.register("months")}
            />
            <TextField
              type="number"
              min={0}
              max={36500}
              label={t("fields.days")}
              error={form.fieldError("days")}
              {...form.register("days")}
            />
          </fieldset>
          <SelectField label={t("fields.action")} error={form.fieldError("action")} {...form.register("action")}>
            <option value="anonymise">{t("actions.anonymise")}</option>
            <option value="delete">{t("actions.delete")}</option>
          </SelectField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("creating") : t("create")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
