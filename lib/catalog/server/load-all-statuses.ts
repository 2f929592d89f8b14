import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeStatus } from "./serialize.ts";

/** The instance's statuses in order, each with its category and the statuses it may move to (status/loadAll). */
export async function loadAllStatuses(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const statuses = await db.status.findMany({
    where: { instanceId },
    orderBy: [{ order: "asc" }, { id: "asc" }],
    include: { category: true, transitions: { select: { toStatusId: true } } },
  });
  return statuses.map(serializeStatus);
}
