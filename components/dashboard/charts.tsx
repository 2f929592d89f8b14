"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "use-intl";
import type { ComplianceRow, DashboardData, Granularity } from "@/lib/dashboard/schema.ts";
import { ChartCard } from "./chart-card.tsx";

/** A link in a chart's table: a 44 px touch target below lg (tablets), plain text size with a mouse. */
const TABLE_LINK =
  "inline-flex min-h-11 min-w-11 items-center text-brand-700 underline underline-offset-2 lg:min-h-0 lg:min-w-0";

// The dashboard's charts (recharts), each with its numbers as a table. Colours keep 3:1 contrast on white.
/**
 * The default categories by meaning: arrivals and work in progress in blues, waiting in violet, done in green,
 * invalid (cancelled, refused) in rose — never the same green as a successful finish.
 */
const CATEGORY_COLORS: Record<string, string> = {
  primary: "#0369a1",
  valid: "#2563eb",
  pause: "#7c3aed",
  final: "#15803d",
  invalid: "#be123c",
};
/** Categories an admin added: distinct colours not used above, in order. */
const EXTRA_CATEGORY_COLORS = ["#b45309", "#0f766e", "#a21caf", "#4d7c0f", "#475569", "#c2410c", "#1e40af"];
const SLA_COLORS = { in_sla: "#15803d", late: "#b91c1c", no_sla: "#64748b" } as const;
const SERIES_COLORS = ["#1d4ed8", "#b45309", "#047857", "#be185d", "#6d28d9", "#0e7490", "#4d7c0f", "#9f1239"];
const AXIS = { fontSize: 12, fill: "#334155" };

/** The props recharts hands a bar's `shape` and a line's `dot` (the parts drawn here). */
type ShapeProps = {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  cx?: number | string;
  cy?: number | string;
  fill?: string;
  index?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- recharts types a datum as any
  payload?: any;
};

/**
 * A bar (or a line's dot) that opens the queue it counts: a click goes to `href`; `data-chart-bar` names it and
 * `data-count` is the number of documents behind it (the queue's total), for the browser tests. Keyboard users have
 * the same links in the table below the chart.
 */
function LinkedMark({
  name,
  count,
  title,
  onOpen,
  children,
}: {
  name: string;
  count: number;
  title: string;
  onOpen: () => void;
  children: React.ReactNode;
}) {
  return (
    <g data-chart-bar={name} data-count={count} cursor="pointer" onClick={onOpen}>
      <title>{title}</title>
      {children}
    </g>
  );
}

/** One colour per category: the meaningful one for the default keys, then unused ones for the others. */
export function categoryColors(keys: string[]): Map<string, string> {
  const used = new Set(keys.map((key) => CATEGORY_COLORS[key]).filter(Boolean));
  const spare = EXTRA_CATEGORY_COLORS.filter((color) => !used.has(color));
  let next = 0;
  return new Map(
    keys.map((key) => [key, CATEGORY_COLORS[key] ?? spare[next++ % spare.length] ?? EXTRA_CATEGORY_COLORS[0]!]),
  );
}

/** Each bar, and each row of the table, opens the queue filtered to it. */
export function CategoryChart({
  rows,
  hrefFor,
}: {
  rows: DashboardData["by_category"];
  hrefFor: (categoryKey: string) => string;
}) {
  const t = useTranslations("dashboard");
  const router = useRouter();
  const colors = categoryColors(rows.map((row) => row.key));
  return (
    <ChartCard
      title={t("byCategory.title")}
      tableLabel={t("showTable")}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        {
          label: t("byCategory.category"),
          value: (row) => (
            <Link href={hrefFor(row.key)} className={TABLE_LINK} data-category-link={row.key}>
              {row.label}
            </Link>
          ),
        },
        { label: t("byCategory.kind"), value: (row) => t(`byCategory.kinds.${row.kind}`) },
        { label: t("byCategory.count"), value: (row) => row.count, numeric: true },
      ]}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} interval={0} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Bar dataKey="count" name={t("byCategory.count")} isAnimationActive={false}>
              {rows.map((row) => (
                <Cell
                  key={row.key}
                  fill={colors.get(row.key)}
                  cursor="pointer"
                  onClick={() => router.push(hrefFor(row.key))}
                />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}

export function SlaChart({
  sla,
  hrefFor,
}: {
  sla: DashboardData["sla"];
  hrefFor: (group: "open" | "finished", state: "in_sla" | "late" | "no_sla") => string;
}) {
  const t = useTranslations("dashboard.sla");
  const router = useRouter();
  const tDashboard = useTranslations("dashboard");
  const rows = (["open", "finished"] as const).map((group) => ({
    group,
    label: t(group),
    ...sla[group],
    total: sla[group].in_sla + sla[group].late + sla[group].no_sla,
  }));
  const states = ["in_sla", "late", "no_sla"] as const;
  return (
    <ChartCard
      title={t("title")}
      tableLabel={tDashboard("showTable")}
      rows={rows}
      rowKey={(row) => row.group}
      columns={[
        { label: t("group"), value: (row) => row.label },
        ...states.map((state) => ({
          label: t(state),
          value: (row: (typeof rows)[number]) => (
            <Link href={hrefFor(row.group, state)} className={`${TABLE_LINK} justify-end`}>
              {row[state]}
            </Link>
          ),
          numeric: true,
        })),
        { label: t("total"), value: (row) => row.total, numeric: true },
      ]}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              itemSorter={(item) => states.indexOf(item.dataKey as (typeof states)[number])}
            />
            {states.map((state) => (
              <Bar
                key={state}
                dataKey={state}
                name={t(state)}
                stackId="sla"
                fill={SLA_COLORS[state]}
                isAnimationActive={false}
                cursor="pointer"
                onClick={(entry) => {
                  const group = (entry as { payload?: { group?: "open" | "finished" } }).payload?.group;
                  if (group) router.push(hrefFor(group, state));
                }}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}

/** Each bar, and each row of the table, opens the queue of the open documents late by that many days. */
export function LateHistogramChart({
  rows,
  hrefFor,
}: {
  rows: DashboardData["late_histogram"];
  hrefFor: (bucket: DashboardData["late_histogram"][number]) => string;
}) {
  const t = useTranslations("dashboard");
  const router = useRouter();
  const labelled = rows.map((row) => ({
    ...row,
    label: t(`late.buckets.${row.bucket}` as "late.buckets.0-1"),
  }));
  return (
    <ChartCard
      title={t("late.title")}
      tableLabel={t("showTable")}
      empty={t("late.empty")}
      isEmpty={rows.every((row) => row.count === 0)}
      rows={labelled}
      rowKey={(row) => row.bucket}
      columns={[
        {
          label: t("late.bucket"),
          value: (row) => (
            <Link href={hrefFor(row)} className={TABLE_LINK} data-late-link={row.bucket}>
              {row.label}
            </Link>
          ),
        },
        { label: t("late.count"), value: (row) => row.count, numeric: true },
      ]}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={labelled} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} interval={0} />
            <YAxis allowDecimals={false} tick={AXIS} width={40} />
            <Tooltip />
            <Bar
              dataKey="count"
              name={t("late.count")}
              fill={SLA_COLORS.late}
              isAnimationActive={false}
              shape={(props: ShapeProps) => {
                const row = labelled[props.index ?? -1];
                if (!row) return <g />;
                return (
                  <LinkedMark
                    name={row.bucket}
                    count={row.count}
                    title={`${row.label}: ${row.count}`}
                    onOpen={() => router.push(hrefFor(row))}
                  >
                    <rect x={props.x} y={props.y} width={props.width} height={props.height} fill={props.fill} />
                  </LinkedMark>
                );
              }}
            >
              <LabelList dataKey="count" position="top" fill="#334155" fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}

/** Compliance over time: one line per product (or modality), % finished within the SLA per period. */
export function ComplianceChart({
  rows,
  dimension,
  granularity,
  hrefFor,
}: {
  rows: ComplianceRow[];
  dimension: "product" | "modality";
  granularity: Granularity;
  /** The queue of a row's finished documents with an SLA, or of those finished within it. */
  hrefFor: (row: ComplianceRow, which: "finished" | "within") => string;
}) {
  const t = useTranslations("dashboard");
  const router = useRouter();
  const format = useFormatter();
  const periodLabel = (period: string) => {
    const date = new Date(`${period}T12:00:00Z`);
    return granularity === "month"
      ? format.dateTime(date, { month: "short", year: "numeric", timeZone: "UTC" })
      : t("compliance.week", { date: format.dateTime(date, { day: "2-digit", month: "2-digit", timeZone: "UTC" }) });
  };
  const seriesName = (row: ComplianceRow) => row.name ?? t("compliance.noModality");
  const seriesKey = (row: ComplianceRow) => `s${row.id ?? "none"}`;
  const series = [...new Map(rows.map((row) => [seriesKey(row), seriesName(row)])).entries()];
  const periods = [...new Set(rows.map((row) => row.period))].sort();
  const data = periods.map((period) => ({
    period,
    label: periodLabel(period),
    ...Object.fromEntries(
      rows.filter((row) => row.period === period).map((row) => [seriesKey(row), Math.round(row.rate * 1000) / 10]),
    ),
  }));
  const percent = (value: number) => format.number(value, { style: "percent", maximumFractionDigits: 1 });
  /** The row a bar or dot of series `key` draws, from the chart datum it was given. */
  const rowOf = (key: string, props: ShapeProps) =>
    rows.find((row) => row.period === props.payload?.period && seriesKey(row) === key);
  const mark = (key: string, props: ShapeProps, drawing: React.ReactNode) => {
    const row = rowOf(key, props);
    if (!row) return <g key={`${key}-${props.index}`} />;
    return (
      <LinkedMark
        key={`${key}-${props.index}`}
        name={`${row.period}-${seriesKey(row)}`}
        count={row.finished}
        title={t("compliance.markTitle", {
          name: seriesName(row),
          period: periodLabel(row.period),
          finished: row.finished,
          within: row.within_sla,
        })}
        onOpen={() => router.push(hrefFor(row, "finished"))}
      >
        {drawing}
      </LinkedMark>
    );
  };
  const title = dimension === "product" ? t("compliance.productTitle") : t("compliance.modalityTitle");
  // Grid, axes, tooltip and legend of both drawings (bars for one period, lines for a trend).
  const margin = { top: 8, right: 16, bottom: 8, left: 0 };
  const frame = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="label" tick={AXIS} />,
    <YAxis key="y" domain={[0, 100]} tick={AXIS} width={44} tickFormatter={(value: number) => `${value}%`} />,
    <Tooltip key="tooltip" formatter={(value) => `${value}%`} />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
  return (
    <ChartCard
      title={title}
      description={t("compliance.explain")}
      tableLabel={t("showTable")}
      empty={t("compliance.empty")}
      rows={rows}
      rowKey={(row) => `${row.period}-${seriesKey(row)}`}
      columns={[
        { label: t("compliance.period"), value: (row) => periodLabel(row.period) },
        { label: t(dimension === "product" ? "compliance.product" : "compliance.modality"), value: seriesName },
        {
          label: t("compliance.finished"),
          value: (row) => (
            <Link
              href={hrefFor(row, "finished")}
              className={`${TABLE_LINK} justify-end`}
              aria-label={t("compliance.finishedLink", { count: row.finished, name: seriesName(row) })}
            >
              {row.finished}
            </Link>
          ),
          numeric: true,
        },
        {
          label: t("compliance.within"),
          value: (row) => (
            <Link
              href={hrefFor(row, "within")}
              className={`${TABLE_LINK} justify-end`}
              aria-label={t("compliance.withinLink", { count: row.within_sla, name: seriesName(row) })}
            >
              {row.within_sla}
            </Link>
          ),
          numeric: true,
        },
        { label: t("compliance.rate"), value: (row) => percent(row.rate), numeric: true },
      ]}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          {/* One period is not a trend: a lone dot on a line chart reads as nothing, bars compare the series. */}
          {periods.length === 1 ? (
            <BarChart data={data} accessibilityLayer={false} margin={margin}>
              {frame}
              {series.map(([key, name], index) => (
                <Bar
                  key={key}
                  dataKey={key}
                  name={name}
                  fill={SERIES_COLORS[index % SERIES_COLORS.length]}
                  maxBarSize={56}
                  isAnimationActive={false}
                  shape={(props: ShapeProps) =>
                    mark(
                      key,
                      props,
                      <rect x={props.x} y={props.y} width={props.width} height={props.height} fill={props.fill} />,
                    )
                  }
                />
              ))}
            </BarChart>
          ) : (
            <LineChart data={data} accessibilityLayer={false} margin={margin}>
              {frame}
              {series.map(([key, name], index) => (
                <Line
                  key={key}
                  type="monotone"
                  dataKey={key}
                  name={name}
                  stroke={SERIES_COLORS[index % SERIES_COLORS.length]}
                  strokeWidth={2}
                  dot={(props: ShapeProps) =>
                    mark(
                      key,
                      props,
                      <circle
                        className="recharts-dot recharts-line-dot"
                        cx={props.cx}
                        cy={props.cy}
                        r={5}
                        fill="#fff"
                        stroke={SERIES_COLORS[index % SERIES_COLORS.length]}
                        strokeWidth={2}
                      />,
                    )
                  }
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      }
    />
  );
}
