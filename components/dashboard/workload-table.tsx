"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "use-intl";
import { Card } from "@/components/ui/feedback.tsx";
import { TableFrame } from "@/components/ui/table-frame.tsx";
import { useDashboardWorkload } from "@/lib/api-client/dashboard.ts";
import { kpiScope } from "@/lib/dashboard/kpis.ts";
import type { WorkloadQuery } from "@/lib/dashboard/schema.ts";
import { WORKLOAD_COLUMNS, workloadCellFilters, type WorkloadColumn } from "@/lib/dashboard/workload.ts";
import { queueHref } from "./kpi-tiles.tsx";

const COLUMN_LABEL = { open: "open", late: "late", due_today: "dueToday" } as const;

/**
 * The team lead's view of the team: open, late and due-today documents per responsible person (most late first),
 * each number a link to the list with exactly those filters (lib/dashboard/workload.ts), within the dashboard's scope.
 */
export function WorkloadTable({ scope }: { scope: WorkloadQuery }) {
  const t = useTranslations("dashboard.workload");
  const format = useFormatter();
  const workload = useDashboardWorkload(scope);
  const rows = workload.data?.rows ?? [];
  const today = workload.data?.today;
  const cell = (row: (typeof rows)[number], column: WorkloadColumn, person: string) => {
    const count = row[column];
    if (!today || count === 0) return <span className="text-slate-600">{format.number(count)}</span>;
    const tone = column === "late" ? "text-red-800" : column === "due_today" ? "text-amber-900" : "text-brand-700";
    return (
      <Link
        href={queueHref(workloadCellFilters(kpiScope(scope), today, column, row.user_id))}
        aria-label={t("cellLink", { count, column: t(COLUMN_LABEL[column]), person })}
        className={`inline-flex min-h-11 min-w-11 items-center justify-end font-semibold tabular-nums underline-offset-2 hover:underline lg:min-h-0 ${tone}`}
      >
        {format.number(count)}
      </Link>
    );
  };
  return (
    <Card title={t("title")}>
      <p className="mb-3 text-sm text-slate-700">{t("intro")}</p>
      {workload.data && rows.length === 0 ? <p className="text-sm text-slate-700">{t("empty")}</p> : null}
      {rows.length > 0 ? (
        <TableFrame
          label={t("title")}
          head={[
            { key: "person", label: t("person") },
            ...WORKLOAD_COLUMNS.map((column) => ({
              key: column,
              label: t(COLUMN_LABEL[column]),
              className: "text-right",
            })),
          ]}
          tableAttributes={{ "data-testid": "workload" }}
        >
          {rows.map((row) => {
            const person = row.user_id === null ? t("nobody") : (row.name ?? t("nobody"));
            return (
              <tr key={row.user_id ?? "nobody"} data-user={row.user_id ?? "none"}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {person}
                </th>
                {WORKLOAD_COLUMNS.map((column) => (
                  <td key={column} className="px-3 py-2 text-right">
                    {cell(row, column, person)}
                  </td>
                ))}
              </tr>
            );
          })}
        </TableFrame>
      ) : null}
    </Card>
  );
}
