import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { STATUS_INCLUDE, serializeStatusSettings } from "./status-rows.ts";

// Statuses with their category, SLA hours, colours, step and allowed transitions (none = may move anywhere).
export async function listStatuses(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [statuses, counts] = await Promise.all([
    db.status.findMany({ where: { instanceId }, orderBy: [{ order: "asc" }, { id: "asc" }], include: STATUS_INCLUDE }),
    db.document.groupBy({ by: ["statusId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.statusId, row._count._all]));
  return statuses.map((status) => ({ ...serializeStatusSettings(status), document_count: used.get(status.id) ?? 0 }));
}
