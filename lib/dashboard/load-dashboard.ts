import "server-only";
import { getDb, Prisma } from "../db/client.ts";
import { DEFAULT_TIME_ZONE } from "../sla/calendar.ts";
import { localDayEnd, localDayStart } from "../time/local-day.ts";
import {
  LATE_BUCKETS,
  type ComplianceRow,
  type DashboardData,
  type DashboardFilter,
  type SlaCounts,
} from "./schema.ts";

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

/**
 * Which grouping set a row of the one aggregate statement belongs to: GROUPING() of the seven keys, a bit set for
 * each key the row is NOT grouped by (categoryId = 64 … modalityId = 1).
 */
const SETS = { category: 63, sla: 79, late: 119, product: 121, modality: 122 } as const;

export async function loadDashboard(
  instanceId: number,
  filter: DashboardFilter,
  now = new Date(),
): Promise<DashboardData> {
  const db = await getDb();
  const docs = filteredDocuments(instanceId, filter);
  const at = Prisma.sql`${now}::timestamptz`;
  // One pass over the filtered documents computes every figure (GROUPING SETS): at a million documents, scanning
  // them once instead of once per figure is what keeps the dashboard under a second.
  const aggregateQuery = db.$queryRaw<Row[]>`${docs},
    facts AS (
      SELECT docs."categoryId",
        (docs."kind" = 'finished') AS "finished",
        CASE WHEN docs."slaEnd" IS NULL THEN 'no_sla'
             WHEN docs."slaEnd" < COALESCE(docs."dateFinished", docs."pausedAt", ${at}) THEN 'late'
             ELSE 'in_sla' END AS "state",
        CASE WHEN docs."kind" <> 'finished' AND docs."slaEnd" < COALESCE(docs."pausedAt", ${at}) THEN
          EXTRACT(EPOCH FROM (COALESCE(docs."pausedAt", ${at}) - docs."slaEnd")) / 86400.0 END AS "daysLate",
        CASE WHEN docs."kind" = 'finished' AND docs."slaEnd" IS NOT NULL AND docs."dateFinished" IS NOT NULL THEN
          to_char(date_trunc(${filter.granularity}::text, docs."dateFinished" AT TIME ZONE ${DEFAULT_TIME_ZONE}::text),
            'YYYY-MM-DD') END AS "period",
        docs."productId", docs."modalityId",
        (docs."dateFinished" <= docs."slaEnd") AS "withinSla"
      FROM docs),
    bucketed AS (
      SELECT facts.*, CASE
          WHEN "daysLate" IS NULL THEN NULL
          WHEN "daysLate" < 1 THEN '0-1' WHEN "daysLate" < 3 THEN '1-3' WHEN "daysLate" < 7 THEN '3-7'
          WHEN "daysLate" < 15 THEN '7-15' WHEN "daysLate" < 30 THEN '15-30' ELSE '30+' END AS "bucket"
      FROM facts)
    SELECT GROUPING("categoryId", "finished", "state", "bucket", "period", "productId", "modalityId") AS "set",
      "categoryId", "finished", "state", "bucket", "period", "productId", "modalityId",
      count(*)::int AS "count", count(*) FILTER (WHERE "withinSla")::int AS "within_sla"
    FROM bucketed
    GROUP BY GROUPING SETS (("categoryId"), ("finished", "state"), ("bucket"), ("period", "productId"),
      ("period", "modalityId"))`;
  const categoriesQuery = db.$queryRaw<Row[]>`
    SELECT c."id", c."key", c."label", c."kind"::text AS "kind" FROM "StatusCategory" c
    WHERE c."instanceId" = ${instanceId} ORDER BY c."order", c."id"`;
  const namesQuery = db.$queryRaw<Row[]>`
    SELECT 'product' AS "dimension", p."id", p."name" FROM "Product" p WHERE p."instanceId" = ${instanceId}
    UNION ALL
    SELECT 'modality', m."id", m."identifier" FROM "Modality" m WHERE m."instanceId" = ${instanceId}`;
  const [rows, categories, names] = await Promise.all([aggregateQuery, categoriesQuery, namesQuery]);

  const nameOf = new Map(names.map((row) => [`${String(row.dimension)}:${int(row.id)}`, String(row.name)]));
  const countByCategory = new Map<number, number>();
  const sla = { open: emptyCounts(), finished: emptyCounts() };
  const lateByBucket = new Map<string, number>();
  const compliance = { product: [] as ComplianceRow[], modality: [] as ComplianceRow[] };
  for (const row of rows) {
    const set = int(row.set);
    if (set === SETS.category) countByCategory.set(int(row.categoryId), int(row.count));
    else if (set === SETS.sla) sla[row.finished ? "finished" : "open"][row.state as keyof SlaCounts] += int(row.count);
    else if (set === SETS.late && row.bucket !== null) lateByBucket.set(String(row.bucket), int(row.count));
    else if ((set === SETS.product || set === SETS.modality) && row.period !== null) {
      const dimension = set === SETS.product ? "product" : "modality";
      const id = dimension === "product" ? row.productId : row.modalityId;
      compliance[dimension].push({
        period: String(row.period),
        id: id === null ? null : int(id),
        name: id === null ? null : (nameOf.get(`${dimension}:${int(id)}`) ?? null),
        finished: int(row.count),
        within_sla: int(row.within_sla),
        rate: int(row.count) ? int(row.within_sla) / int(row.count) : 0,
      });
    }
  }
  // The old per-figure queries ordered compliance by period, then name, then id (NULL names last).
  const byPeriodNameId = (a: ComplianceRow, b: ComplianceRow) =>
    a.period.localeCompare(b.period) ||
    (a.name === b.name ? 0 : a.name === null ? 1 : b.name === null ? -1 : a.name < b.name ? -1 : 1) ||
    (a.id ?? Infinity) - (b.id ?? Infinity);
  const byCategory = categories.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    kind: row.kind as DashboardData["by_category"][number]["kind"],
    count: countByCategory.get(int(row.id)) ?? 0,
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
    compliance: {
      granularity: filter.granularity,
      by_product: compliance.product.sort(byPeriodNameId),
      by_modality: compliance.modality.sort(byPeriodNameId),
    },
  };
}

const emptyCounts = (): SlaCounts => ({ in_sla: 0, late: 0, no_sla: 0 });
