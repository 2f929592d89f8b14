"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "use-intl";
import { useDocumentCount } from "@/lib/api-client/documents.ts";
import type { DocumentFilters } from "@/lib/documents/search-schema.ts";
import { DEFAULT_LIST_QUERY, listQueryToParams } from "@/lib/documents/search-url.ts";
import { DEFAULT_TIME_ZONE as TIME_ZONE } from "@/lib/time/zone.ts";

/** The queue (/documents) showing exactly `filters`: what every tile and bar of the dashboard opens. */
export function queueHref(filters: DocumentFilters): string {
  const params = listQueryToParams({ ...DEFAULT_LIST_QUERY, filters }).toString();
  return params ? `/documents?${params}` : "/documents";
}

/** Today and the Monday of this week, as YYYY-MM-DD in America/Sao_Paulo. */
export function localToday(now = new Date()): { today: string; weekStart: string } {
  const today = now.toLocaleDateString("en-CA", { timeZone: TIME_ZONE });
  const noon = new Date(`${today}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const weekStart = new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { today, weekStart };
}

type Tile = { key: "open" | "lateNow" | "dueToday" | "unassigned" | "finishedWeek"; filters: DocumentFilters };

/**
 * The team lead's headline numbers. Each is counted by the queue's own search (POST /api/documents/search) with the
 * filters its link opens, so the number on the tile is the number of rows behind it (counted exactly up to 10,000,
 * "10.000+" past that); the dashboard's product and period apply to them too.
 */
export function KpiTiles({ scope }: { scope: DocumentFilters }) {
  const t = useTranslations("operator.kpi");
  const format = useFormatter();
  const { today, weekStart } = localToday();
  const tiles: Tile[] = [
    { key: "open", filters: { ...scope, state: "open" } },
    { key: "lateNow", filters: { ...scope, state: "open", sla: "late" } },
    { key: "dueToday", filters: { ...scope, state: "open", due_on: today } },
    { key: "unassigned", filters: { ...scope, state: "open", assignee: "none" } },
    { key: "finishedWeek", filters: { ...scope, finished_from: weekStart } },
  ];
  return (
    <section aria-label={t("label")}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map((tile) => (
          <KpiTile
            key={tile.key}
            label={t(tile.key)}
            tile={tile}
            format={format}
            openLabel={t("openQueue", { label: t(tile.key) })}
          />
        ))}
      </ul>
    </section>
  );
}

function KpiTile({
  label,
  tile,
  format,
  openLabel,
}: {
  label: string;
  tile: Tile;
  format: ReturnType<typeof useFormatter>;
  openLabel: string;
}) {
  const count = useDocumentCount(tile.filters);
  const tone =
    tile.key === "lateNow" && count.data?.total
      ? "text-red-800"
      : tile.key === "dueToday" && count.data?.total
        ? "text-amber-800"
        : "text-slate-900";
  return (
    <li>
      <Link
        href={queueHref(tile.filters)}
        title={openLabel}
        data-kpi={tile.key}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="block text-sm font-medium text-slate-700">{label}</span>
        <span className={`mt-1 block text-3xl font-semibold tabular-nums ${tone}`} data-testid={`kpi-${tile.key}`}>
          {count.data ? `${format.number(count.data.total)}${count.data.capped ? "+" : ""}` : count.isError ? "—" : "…"}
        </span>
      </Link>
    </li>
  );
}
