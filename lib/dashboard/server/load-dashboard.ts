import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";
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
//
// The documents are not read one by one: "DashboardCount" holds how many share each key (creation day, product,
// modality, status, and the SLA facts that do not move with the clock), kept by triggers in the same transaction as
// every document write (prisma/migrations/*_dashboard_counts). A running SLA clock is keyed by the UTC day of sla_end:
// a whole day before today's is late, and days late fall in one histogram bucket, except on the days where a
// bucket boundary (now − 0, 1, 3, 7, 15, 30 days) falls — those documents are read from "Document" and counted exactly.

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;

/** The histogram bucket (its lower bound in days, LATE_BUCKETS' `min`) of a days-late SQL expression. */
function lateBucketFrom(days: Prisma.Sql): Prisma.Sql {
  const whens = LATE_BUCKETS.filter((bucket) => bucket.max !== null).map(
    (bucket) => Prisma.sql`WHEN ${days} < ${Prisma.raw(String(bucket.max))} THEN ${Prisma.raw(String(bucket.min))}`,
  );
  return Prisma.sql`(CASE ${Prisma.join(whens, " ")} ELSE ${Prisma.raw(String(LATE_BUCKETS.at(-1)!.min))} END)`;
}

/**
 * The filtered documents as weighted rows (n documents each) with their category, resolved SLA state (no_sla,
 * in_sla, late at `now`) and late bucket: the common table expression of every query below.
 */
function countedDocuments(instanceId: number, filter: DashboardFilter, now: Date) {
  const at = Prisma.sql`${now}::timestamptz`;
  const today = Math.floor(now.getTime() / DAY_MS);
  const boundaryDays = LATE_BUCKETS.map((bucket) => today - bucket.min);
  const counts = [Prisma.sql`c."instanceId" = ${instanceId}`];
  const documents = [Prisma.sql`d."instanceId" = ${instanceId}`];
  if (filter.product_id) {
    counts.push(Prisma.sql`c."productId" = ${filter.product_id}`);
    documents.push(Prisma.sql`d."productId" = ${filter.product_id}`);
  }
  if (filter.created_from) {
    counts.push(Prisma.sql`c."createdDay" >= ${filter.created_from}::date`);
    documents.push(Prisma.sql`d."createdAt" >= ${localDayStart(filter.created_from)}::timestamptz`);
  }
  if (filter.created_to) {
    counts.push(Prisma.sql`c."createdDay" <= ${filter.created_to}::date`);
    documents.push(Prisma.sql`d."createdAt" < ${localDayEnd(filter.created_to)}::timestamptz`);
  }
  const onBoundaryDay = boundaryDays.map(
    (day) =>
      Prisma.sql`(d."slaEnd" >= ${new Date(day * DAY_MS)}::timestamptz AND d."slaEnd" < ${new Date((day + 1) * DAY_MS)}::timestamptz)`,
  );
  return Prisma.sql`
    WITH docs AS (
      SELECT x."productId", x."modalityId", x."finishedDay", x."state", x."lateFrom", x."n",
        cat."id" AS "categoryId", cat."kind"
      FROM (
        SELECT c."statusId", c."productId", c."modalityId", c."finishedDay",
          CASE WHEN c."slaState" <> 'running' THEN c."slaState" WHEN c."slaDay" < ${today}::int THEN 'late' ELSE 'in_sla' END
            AS "state",
          CASE WHEN c."slaState" <> 'running' THEN c."lateFrom"
               WHEN c."slaDay" < ${today}::int THEN ${lateBucketFrom(Prisma.sql`(${today}::int - c."slaDay")`)} END AS "lateFrom",
          c."count" AS "n"
        FROM "DashboardCount" c
        WHERE ${Prisma.join(counts, " AND ")} AND c."count" <> 0
          AND NOT (c."slaState" = 'running' AND c."slaDay" = ANY(${boundaryDays}::int[]))
        UNION ALL
        SELECT d."statusId", d."productId", d."modalityId", NULL::date,
          CASE WHEN d."slaEnd" < ${at} THEN 'late' ELSE 'in_sla' END,
          CASE WHEN d."slaEnd" < ${at}
               THEN ${lateBucketFrom(Prisma.sql`(EXTRACT(EPOCH FROM (${at} - d."slaEnd")) / 86400.0)`)} END,
          1
        FROM "Document" d
        WHERE ${Prisma.join(documents, " AND ")} AND d."dateFinished" IS NULL AND d."pausedAt" IS NULL
          AND (${Prisma.join(onBoundaryDay, " OR ")})
      ) x
      JOIN "Status" s ON s."id" = x."statusId"
      JOIN "StatusCategory" cat ON cat."id" = s."categoryId"
    )`;
}

const int = (value: unknown) => Number(value ?? 0);

/** The dashboard of the actor's instance for `input`'s filter, counted at `input.now` (default: this moment). */
export async function loadDashboard(
  ctx: UseCaseContext,
  input: DashboardFilter & { now?: Date },
): Promise<DashboardData> {
  const { instanceId } = ctx.actor;
  const { now = new Date(), ...filter } = input;
  const db = await getDb();
  const docs = countedDocuments(instanceId, filter, now);

  // The five aggregations are independent: on PostgreSQL they run at once on separate pool connections (PGlite,
  // one connection, takes them in turn), so the page waits for the slowest rather than for the sum.
  const categoriesQuery = db.$queryRaw<Row[]>`${docs}
    SELECT c."key", c."label", c."kind"::text AS "kind", COALESCE(sum(docs."n"), 0)::int AS "count"
    FROM "StatusCategory" c
    LEFT JOIN docs ON docs."categoryId" = c."id"
    WHERE c."instanceId" = ${instanceId}
    GROUP BY c."id", c."key", c."label", c."kind", c."order"
    ORDER BY c."order", c."id"`;

  const slaQuery = db.$queryRaw<Row[]>`${docs}
    SELECT (docs."kind" = 'finished') AS "finished", docs."state", sum(docs."n")::int AS "count"
    FROM docs
    GROUP BY 1, 2`;

  const lateQuery = db.$queryRaw<Row[]>`${docs}
    SELECT docs."lateFrom", sum(docs."n")::int AS "count"
    FROM docs
    WHERE docs."kind" <> 'finished' AND docs."state" = 'late'
    GROUP BY 1`;

  const compliance = async (dimension: "product" | "modality") => {
    const key = dimension === "product" ? Prisma.sql`docs."productId"` : Prisma.sql`docs."modalityId"`;
    const names =
      dimension === "product"
        ? Prisma.sql`LEFT JOIN "Product" n ON n."id" = docs."productId"`
        : Prisma.sql`LEFT JOIN "Modality" n ON n."id" = docs."modalityId"`;
    const name = dimension === "product" ? Prisma.sql`n."name"` : Prisma.sql`n."identifier"`;
    const rows = await db.$queryRaw<Row[]>`${docs}
      SELECT to_char(date_trunc(${filter.granularity}::text, docs."finishedDay"::timestamp), 'YYYY-MM-DD') AS "period",
        ${key} AS "id", ${name} AS "name",
        sum(docs."n")::int AS "finished",
        COALESCE(sum(docs."n") FILTER (WHERE docs."state" = 'in_sla'), 0)::int AS "within_sla"
      FROM docs
      ${names}
      WHERE docs."kind" = 'finished' AND docs."finishedDay" IS NOT NULL AND docs."state" <> 'no_sla'
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
  const lateByBucket = new Map(lateRows.map((row) => [int(row.lateFrom), int(row.count)]));
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
      count: lateByBucket.get(bucket.min) ?? 0,
    })),
    compliance: { granularity: filter.granularity, by_product: byProduct, by_modality: byModality },
  };
}

const emptyCounts = (): SlaCounts => ({ in_sla: 0, late: 0, no_sla: 0 });
