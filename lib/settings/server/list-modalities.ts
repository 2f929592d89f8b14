import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { MODALITY_INCLUDE } from "./modality-rows.ts";

// Modalities and their SLA calendars: working intervals per ISO weekday in a time zone, and holidays.
// A calendar change applies to deadlines computed from then on (document create, sla_total change, leaving a pause).
export async function listModalities(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [modalities, counts] = await Promise.all([
    db.modality.findMany({ where: { instanceId }, orderBy: { id: "asc" }, include: MODALITY_INCLUDE }),
    db.document.groupBy({ by: ["modalityId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.modalityId, row._count._all]));
  return modalities.map((modality) => ({ ...serializeModality(modality), document_count: used.get(modality.id) ?? 0 }));
}
