"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ExportButton, type ExportFilterInput } from "@/components/documents/export-button.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useDashboard } from "@/lib/api-client/dashboard.ts";
import type { DashboardQuery, Granularity, KpiQuery } from "@/lib/dashboard/schema.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { complianceQueueFilters, lateBucketQueueFilters } from "@/lib/dashboard/chart-filters.ts";
import { CategoryChart, ComplianceChart, LateHistogramChart, SlaChart } from "./charts.tsx";
import { KpiTiles, queueHref } from "./kpi-tiles.tsx";
import { WorkloadTable } from "./workload-table.tsx";

type Filters = { productId: string; from: string; to: string };
const NO_FILTERS: Filters = { productId: "", from: "", to: "" };

/**
 * The dashboard: the headline tiles, the filters (product, creation period), the team's workload and the charts for
 * them, and the CSV of the same documents.
 */
export function DashboardView({ products }: { products: Array<{ id: number; name: string }> }) {
  const t = useTranslations("dashboard");
  const tCommon = useTranslations("common");
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [granularity, setGranularity] = useState<Granularity>("month");
  const rangeInvalid = Boolean(draft.from && draft.to && draft.from > draft.to);

  const query: DashboardQuery = {
    product_id: applied.productId ? Number(applied.productId) : null,
    created_from: applied.from || null,
    created_to: applied.to || null,
    granularity,
  };
  const exportFilter: ExportFilterInput = {
    ...(applied.productId ? { product_id: Number(applied.productId) } : {}),
    ...(applied.from ? { created_from: applied.from } : {}),
    ...(applied.to ? { created_to: applied.to } : {}),
  };
  const { data, error, isPending, isFetching } = useDashboard(query);
  const kpiQuery: KpiQuery = {
    product_id: applied.productId ? Number(applied.productId) : null,
    created_from: applied.from || null,
    created_to: applied.to || null,
  };
  // The dashboard's product and creation period, as queue filters: tiles and bars open the queue within them.
  const scope: DocumentFilters = {
    ...(applied.productId ? { product_id: Number(applied.productId) } : {}),
    ...(applied.from ? { created_from: applied.from } : {}),
    ...(applied.to ? { created_to: applied.to } : {}),
  };

  return (
    <div className="space-y-6">
      {/* The headline numbers first, where the eye lands: they were ~450 px down, under the filters. */}
      <KpiTiles scope={kpiQuery} />

      <form
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!rangeInvalid) setApplied(draft);
        }}
      >
        <fieldset>
          <legend className="mb-3 text-base font-semibold text-slate-900">{t("filters.legend")}</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              label={t("filters.product")}
              value={draft.productId}
              onChange={(event) => setDraft({ ...draft, productId: event.target.value })}
            >
              <option value="">{t("filters.allProducts")}</option>
              {products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </SelectField>
            <TextField
              type="date"
              label={t("filters.createdFrom")}
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              hint={t("filters.periodHint")}
            />
            <TextField
              type="date"
              label={t("filters.createdTo")}
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              error={rangeInvalid ? t("filters.invalidRange") : undefined}
            />
            <SelectField
              label={t("filters.granularity")}
              value={granularity}
              onChange={(event) => setGranularity(event.target.value as Granularity)}
            >
              <option value="month">{t("filters.month")}</option>
              <option value="week">{t("filters.week")}</option>
            </SelectField>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" disabled={rangeInvalid}>
              {t("filters.apply")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(NO_FILTERS);
                setApplied(NO_FILTERS);
              }}
            >
              {t("filters.clear")}
            </Button>
          </div>
        </fieldset>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          role="status"
          aria-live="polite"
          className="text-sm font-medium text-slate-800"
          data-testid="dashboard-total"
        >
          {data ? t("summary", { count: data.total }) : null}
          {isFetching && data ? <span className="ml-2 text-slate-600">{t("updating")}</span> : null}
        </p>
        <div className="flex flex-col items-end gap-1">
          <ExportButton filter={exportFilter} />
          <p className="text-xs text-slate-600">{t("exportHint")}</p>
        </div>
      </div>

      <WorkloadTable scope={kpiQuery} />

      {error ? <Alert>{tCommon("states.error", { message: errorText.text(error) })}</Alert> : null}
      {isPending ? <Spinner label={tCommon("states.loading")} /> : null}
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <CategoryChart rows={data.by_category} hrefFor={(key) => queueHref({ ...scope, categories: [key] })} />
          <SlaChart sla={data.sla} hrefFor={(group, state) => queueHref({ ...scope, state: group, sla: state })} />
          <LateHistogramChart
            rows={data.late_histogram}
            hrefFor={(bucket) => queueHref(lateBucketQueueFilters(scope, bucket))}
          />
          {(["product", "modality"] as const).map((dimension) => (
            <ComplianceChart
              key={dimension}
              rows={data.compliance[dimension === "product" ? "by_product" : "by_modality"]}
              dimension={dimension}
              granularity={data.compliance.granularity}
              hrefFor={(row, which) =>
                queueHref(
                  complianceQueueFilters(scope, {
                    dimension,
                    granularity: data.compliance.granularity,
                    row,
                    which,
                  }),
                )
              }
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
