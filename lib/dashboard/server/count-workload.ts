import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { documentFilterSql } from "../../documents/server/document-filter-sql.ts";
import { kpiScope, localToday } from "../kpis.ts";
import type { WorkloadData, WorkloadQuery } from "../schema.ts";
import { workloadFilters } from "../workload.ts";

/**
 * Open, late and due-today documents per responsible person of the actor's instance, within the dashboard's scope,
 * in one grouped query. Each count uses the queue's own WHERE clause (documentFilterSql) for the filters its link
 * opens (lib/dashboard/workload.ts), so a number and the list behind it agree. People with nothing open are not
 * listed; the documents nobody is responsible for are one row (user_id null). Most late first.
 */
export async function countWorkload(ctx: UseCaseContext, input: WorkloadQuery & { now?: Date }): Promise<WorkloadData> {
  const { instanceId } = ctx.actor;
  const now = input.now ?? new Date();
  const { today } = localToday(now);
  const filters = workloadFilters(kpiScope(input), today);
  const [open, late, dueToday] = await Promise.all(
    [filters.open, filters.late, filters.due_today].map((where) => documentFilterSql(instanceId, where, now, null)),
  );
  const db = await getDb();
  const counted = await db.$queryRaw<Array<{ userId: number | null; open: number; late: number; due_today: number }>>(
    Prisma.sql`SELECT d."userId" AS "userId", count(*)::int AS open,
        count(*) FILTER (WHERE ${late})::int AS late,
        count(*) FILTER (WHERE ${dueToday})::int AS due_today
      FROM "Document" d WHERE ${open}
      GROUP BY d."userId"`,
  );
  const ids = counted.flatMap((row) => (row.userId === null ? [] : [row.userId]));
  const users = await db.user.findMany({
    where: { instanceId, id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  const nameOf = new Map(users.map((user) => [user.id, user.name.trim() || user.email]));
  const rows = counted.map((row) => ({
    user_id: row.userId,
    name: row.userId === null ? null : (nameOf.get(row.userId) ?? null),
    open: row.open,
    late: row.late,
    due_today: row.due_today,
  }));
  rows.sort(
    (a, b) => b.late - a.late || b.open - a.open || (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff", "pt-BR"),
  );
  return { today, rows };
}
