import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { documentFilterSql, SEARCH_COUNT_CAP } from "../../documents/server/document-filter-sql.ts";
import { kpiFilters, kpiScope, localToday } from "../kpis.ts";
import { KPI_KEYS, type KpiData, type KpiQuery } from "../schema.ts";

/**
 * The dashboard's headline counts in one query. Each is the queue's own count for the tile's filters: the same
 * WHERE clause (documentFilterSql) and the same cap as POST /api/documents/search, so a tile and the queue it opens
 * agree. One round trip per dashboard poll instead of five searches; each sub-count stops at the cap like the queue's.
 */
export async function countKpis(ctx: UseCaseContext, input: KpiQuery & { now?: Date }): Promise<KpiData> {
  const { instanceId } = ctx.actor;
  const now = input.now ?? new Date();
  const days = localToday(now);
  const filters = kpiFilters(kpiScope(input), days);
  const wheres = await Promise.all(
    KPI_KEYS.map((key) => documentFilterSql(instanceId, filters[key], now, ctx.actor.userId ?? null)),
  );
  const selects = wheres.map(
    (where, index) =>
      Prisma.sql`(SELECT count(*)::int FROM (SELECT 1 FROM "Document" d WHERE ${where}
        LIMIT ${SEARCH_COUNT_CAP + 1}::int) AS matched) AS ${Prisma.raw(`"k${index}"`)}`,
  );
  const db = await getDb();
  const [row] = await db.$queryRaw<Record<string, unknown>[]>(Prisma.sql`SELECT ${Prisma.join(selects, ", ")}`);
  const count = (index: number) => {
    const counted = Number(row?.[`k${index}`] ?? 0);
    return { total: Math.min(counted, SEARCH_COUNT_CAP), capped: counted > SEARCH_COUNT_CAP };
  };
  return {
    today: days.today,
    week_start: days.weekStart,
    counts: Object.fromEntries(KPI_KEYS.map((key, index) => [key, count(index)])) as KpiData["counts"],
  };
}
