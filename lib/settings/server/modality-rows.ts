import "server-only";
// The rows the modality use-cases share (lib/settings/server/*-modality.ts, *-holiday(s).ts, list-modalities.ts).
// Modalities and their SLA calendars: working intervals per ISO weekday in a time zone, and holidays.
// A calendar change applies to deadlines computed from then on (document create, sla_total change, leaving a pause).
import { serializeModality } from "../../catalog/server/serialize.ts";
import { Prisma } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import type { UpdateModalityInput } from "../schemas.ts";

export const MODALITY_INCLUDE = { holidays: { orderBy: { date: "asc" } } } as const;

export async function modalityOf(tx: Tx, instanceId: number, id: number) {
  const modality = await tx.modality.findFirst({ where: { id, instanceId }, include: MODALITY_INCLUDE });
  if (!modality) throw notFound("Modality not found");
  return modality;
}

export async function assertIdentifierFree(tx: Tx, instanceId: number, identifier: string, exceptId?: number) {
  const clash = await tx.modality.findFirst({
    where: { instanceId, identifier, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`A modality named "${identifier}" already exists`, { code: "modality_exists" });
}

export function modalityColumns(input: UpdateModalityInput) {
  return {
    ...(input.identifier !== undefined ? { identifier: input.identifier } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    ...(input.working_hours !== undefined
      ? { workingHours: input.working_hours === null ? Prisma.DbNull : (input.working_hours as Prisma.InputJsonValue) }
      : {}),
  };
}

export const auditableModality = (modality: Parameters<typeof serializeModality>[0]) => {
  const { created_at: _created, updated_at: _updated, holidays: _holidays, ...rest } = serializeModality(modality);
  return rest;
};

export const duplicateIdentifier = {
  unique: { message: "A modality with this identifier already exists", code: "modality_exists" },
};

export const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
