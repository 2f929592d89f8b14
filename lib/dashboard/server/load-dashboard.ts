import "server-only";
import { getDb, Prisma } from "../../db/client.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { localDayEnd, localDayStart } from "../../time/local-day.ts";
import {
  LATE_BUCKETS,
  type ComplianceRow,
  type DashboardData,
  type DashboardFilter,
  type SlaCounts,
} from "../schema.ts";

// The dashboard's numbers, aggregated in SQL (parameterised, always inside the caller's instance). Definitions:
// finished = the status's category has kind `finished`; no_sla = sla_end is null; late = sla_end < the moment the
// SLA clock stopped (date_finished, else the start of the current pause, else now) — the documents list's rule; in SLA
// otherwise. The histogram counts open late documents by days late at that moment; compliance is
// the share of finished documents with an SLA that finished by sla_end, per week or month of date_finished.

type Row = Record<string, unknown>;

/** The filtered documents with their category kind: the common table expression of every query below. */
function filteredDocuments(instanceId: number, filter: DashboardFilter) {
  const conditions = [Prisma.sql`d."instanceId" = ${instanceId}`];
  if (filter.product_id) conditions.push(Prisma.sql`d."productId" = ${filter.product_id}`);
  if (filter.created_from) {
    conditions.push(Prisma.sql`d."createdAt" >= ${localDayStart(filter.created_from)}::timestamptz`);
  }
  if (filter.created_to) conditions.push(Prisma.sql`d."createdAt" < ${localDayEnd(filter.created_to)}::timestamptz`);
  return Prisma.sql`
    WITH docs AS (
      SELECT d."id", d."productId", d."modalityId", d."slaEnd", d."dateFinished", d."pausedAt", c."id" AS "categoryId", c."kind"
      FROM "Document" d
      JOIN "Status" s ON s."id" = d."statusId"
      JOIN "StatusCategory" c ON c."id" = s."categoryId"
      WHERE ${Prisma.join(conditions, " AND ")}
    )`;
}

const int = (value: unknown) => Number(value ?? 0);

export async function loadDashboard(
  instanceId: number,
  filter: DashboardFilter,
  now = new Date(),
): Promise<DashboardData> {
  const db = await getDb();
  const docs = filteredDocuments(instanceId, filter);
  const at = Prisma.sql`${now}::timestamptz`;

  // The five aggregations are independent: on PostgreSQL they run at once on separate pool connections (PGlite,
  // one connection, takes them in turn), so the page waits for the slowest rather than for the sum.
  const categoriesQuery = db.$queryRaw<Row[]>`${docs}
    SELECT c."key", c."label", c."kind"::text AS "kind", count(docs."id")::int AS "count"
    FROM "StatusCategory" c
    LEFT JOIN docs ON docs."categoryId" = c."id"
    WHERE c."instanceId" = ${instanceId}
    GROUP BY c."id", c."key", c."label", c."kind", c."order"
    ORDER BY c."order", c."id"`;

  const slaQuery = db.$queryRaw<Row[]>`${docs}
    SELECT (docs."kind" = 'finished') AS "finished",
      CASE WHEN docs."slaEnd" IS NULL THEN 'no_sla'
           WHEN docs."slaEnd" < COALESCE(docs."dateFinished", docs."pausedAt", ${at}) THEN 'late'
           ELSE 'in_sla' END AS "state",
      count(*)::int AS "count"
    FROM docs
    GROUP BY 1, 2`;

  const lateQuery = db.$queryRaw<Row[]>`${docs}
    SELECT CASE
        WHEN late.days < 1 THEN '0-1' WHEN late.days < 3 THEN '1-3' WHEN late.days < 7 THEN '3-7'
        WHEN late.days < 15 THEN '7-15' WHEN late.days < 30 THEN '15-30' ELSE '30+' END AS "bucket",
      count(*)::int AS "count"
    FROM (
      SELECT EXTRACT(EPOCH FROM (COALESCE(docs."pausedAt", ${at}) - docs."slaEnd")) / 86400.0 AS days
      FROM docs
      WHERE docs."kind" <> 'finished' AND docs."slaEnd" < COALESCE(docs."pausedAt", ${at})
    ) late
    GROUP BY 1`;

  const compliance = async (dimension: "product" | "modality") => {
    const key = dimension === "product" ? Prisma.sql`docs."productId"` : Prisma.sql`docs."modalityId"`;
    const names =
      dimension === "product"
        ? Prisma.sql`LEFT JOIN "Product" n ON n."id" = docs."productId"`
        : Prisma.sql`LEFT JOIN "Modality" n ON n."id" = docs."modalityId"`;
    const name = dimension === "product" ? Prisma.sql`n."name"` : Prisma.sql`n."identifier"`;
    const rows = await db.$queryRaw<Row[]>`${docs}
      SELECT to_char(date_trunc(${filter.granularity}::text, docs."dateFinished" AT TIME ZONE ${DEFAULT_TIME_ZONE}::text),
               'YYYY-MM-DD') AS "period",
        ${key} AS "id", ${name} AS "name",
        count(*)::int AS "finished",
        count(*) FILTER (WHERE docs."dateFinished" <= docs."slaEnd")::int AS "within_sla"
      FROM docs
      ${names}
      WHERE docs."kind" = 'finished' AND docs."slaEnd" IS NOT NULL AND docs."dateFinished" IS NOT NULL
      GROUP BY 1, 2, 3
      ORDER BY 1, 3, 2`;
    return rows.map((row): ComplianceRow => ({
      period: String(row.period),
      id: row.id === null ? null : int(row.id),
      name: row.name === null ? null : String(row.name),
      finished: int(row.finished),
      within_sla: int(row.within_sla),
      rate: int(row.finished) ? int(row.within_sla) / int(row.finished) : 0,
    }));
  };
  const [categories, slaRows, lateRows, byProduct, byModality] = await Promise.all([
    categoriesQuery,
    slaQuery,
    lateQuery,
    compliance("product"),
    compliance("modality"),
  ]);

  const sla = { open: emptyCounts(), finished: emptyCounts() };
  for (const row of slaRows) {
    sla[row.finished ? "finished" : "open"][row.state as keyof SlaCounts] += int(row.count);
  }
  const lateByBucket = new Map(lateRows.map((row) => [String(row.bucket), int(row.count)]));
  const byCategory = categories.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    kind: row.kind as DashboardData["by_category"][number]["kind"],
    count: int(row.count),
  }));
  return {
    generated_at: now.toISOString(),
    total: byCategory.reduce((sum, row) => sum + row.count, 0),
    by_category: byCategory,
    sla,
    late_histogram: LATE_BUCKETS.map((bucket) => ({
      bucket: bucket.key,
      min_days: bucket.min,
      max_days: bucket.max,
      count: lateByBucket.get(bucket.key) ?? 0,
    })),
    compliance: { granularity: filter.granularity, by_product: byProduct, by_modality: byModality },
  };
}

const emptyCounts = (): SlaCounts => ({ in_sla: 0, late: 0, no_sla: 0 });
