"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "use-intl";
import { useStaffRole } from "@/components/layout/staff-role.tsx";
import { useDashboardKpis } from "@/lib/api-client/dashboard.ts";
import { kpiFilters, kpiScope, localToday } from "@/lib/dashboard/kpis.ts";
import type { KpiData, KpiKey, KpiQuery } from "@/lib/dashboard/schema.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { DEFAULT_LIST_QUERY, listQueryToParams } from "@/lib/documents/search-url.ts";

/** The queue (/documents) showing exactly `filters`: what every tile and bar of the dashboard opens. */
export function queueHref(filters: DocumentFilters): string {
  const params = listQueryToParams({ ...DEFAULT_LIST_QUERY, filters }).toString();
  return params ? `/documents?${params}` : "/documents";
}

type TileLabel = "open" | "lateNow" | "myLate" | "dueToday" | "unassigned" | "finishedWeek" | "emailFailed";
const TILES: ReadonlyArray<{ key: KpiKey; label: TileLabel }> = [
  { key: "open", label: "open" },
  { key: "late_now", label: "lateNow" },
  { key: "my_late", label: "myLate" },
  { key: "due_today", label: "dueToday" },
  { key: "unassigned", label: "unassigned" },
  { key: "finished_week", label: "finishedWeek" },
  { key: "email_failed", label: "emailFailed" },
];

/** Tiles whose non-zero count is trouble for the customer or the deadline: shown in red. */
const ALARMING: ReadonlySet<KpiKey> = new Set(["late_now", "my_late", "email_failed"]);

/**
 * The team lead's headline numbers, counted by the server in one query (POST /api/dashboard/kpis) with the queue's
 * own filters and cap; each tile links to the queue with the same filters (lib/dashboard/kpis.ts), within the
 * dashboard's product and period.
 */
export function KpiTiles({ scope }: { scope: KpiQuery }) {
  const t = useTranslations("operator.kpi");
  const format = useFormatter();
  const kpis = useDashboardKpis(scope);
  // The links use the days the server counted with; before the first answer, the browser's own São Paulo day.
  const local = localToday();
  const days = kpis.data ? { today: kpis.data.today, weekStart: kpis.data.week_start } : local;
  const filters = kpiFilters(kpiScope(scope), days);
  // "Meus atrasados" is for whoever can be responsible for a document: not a viewer.
  const role = useStaffRole();
  const tiles = TILES.filter((tile) => tile.key !== "my_late" || (role !== null && role !== "viewer"));
  return (
    <section aria-label={t("label")}>
      {/* One row on a laptop, however many tiles the role sees. */}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-flow-col lg:grid-cols-none lg:auto-cols-fr">
        {tiles.map((tile) => (
          <KpiTile
            key={tile.key}
            tile={tile}
            label={t(tile.label)}
            href={queueHref(filters[tile.key])}
            count={kpis.data?.counts[tile.key]}
            failed={kpis.isError}
            format={format}
            openLabel={t("openQueue", { label: t(tile.label) })}
            hint={
              // What the red number means for the customers; nothing at zero (the row keeps one height).
              tile.key === "email_failed" && kpis.data?.counts.email_failed.total
                ? t("emailFailedHint", { count: kpis.data.counts.email_failed.total })
                : null
            }
          />
        ))}
      </ul>
    </section>
  );
}

function KpiTile({
  tile,
  label,
  href,
  count,
  failed,
  format,
  openLabel,
  hint,
}: {
  tile: (typeof TILES)[number];
  label: string;
  href: string;
  count: KpiData["counts"][KpiKey] | undefined;
  failed: boolean;
  format: ReturnType<typeof useFormatter>;
  openLabel: string;
  /** A sentence under the number saying what it means for the customer, or null. */
  hint: string | null;
}) {
  const tone =
    ALARMING.has(tile.key) && count?.total
      ? "text-red-800"
      : tile.key === "due_today" && count?.total
        ? "text-amber-800"
        : "text-slate-900";
  return (
    <li>
      <Link
        href={href}
        title={openLabel}
        data-kpi={tile.label}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className={`mt-1 block text-3xl font-semibold tabular-nums ${tone}`} data-testid={`kpi-${tile.label}`}>
          {count ? `${format.number(count.total)}${count.capped ? "+" : ""}` : failed ? "—" : "…"}
        </span>
        {hint ? (
          <span className="mt-1 block text-xs text-slate-600" data-testid={`kpi-${tile.label}-hint`}>
            {hint}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
