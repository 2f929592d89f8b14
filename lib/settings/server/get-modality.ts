import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { MODALITY_INCLUDE } from "./modality-rows.ts";

export async function getModality(ctx: UseCaseContext, input: { id: number }) {
  const { instanceId } = ctx.actor;
  const { id } = input;
  const db = await getDb();
  const modality = await db.modality.findFirst({ where: { id, instanceId }, include: MODALITY_INCLUDE });
  if (!modality) throw notFound("Modality not found");
  const documents = await db.document.count({ where: { modalityId: id } });
  return { ...serializeModality(modality), document_count: documents };
}
