import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeModality } from "./serialize.ts";

/** The instance's modalities with their SLA calendars' holidays (modality/loadAll). */
export async function loadAllModalities(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const modalities = await db.modality.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    include: { holidays: { orderBy: { date: "asc" } } },
  });
  return modalities.map(serializeModality);
}
