import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { recordAudit, recordUpdateAudit } from "../../audit/server/record-audit.ts";
import { conflictOnViolation } from "../db-errors.ts";
import type { AddHolidaysInput, CreateModalityInput, UpdateModalityInput } from "../schemas.ts";

// Modalities and their SLA calendars: working intervals per ISO weekday in a time zone, and holidays.
// A calendar change applies to deadlines computed from then on (document create, sla_total change, leaving a pause).

const INCLUDE = { holidays: { orderBy: { date: "asc" } } } as const;

export async function listModalities(instanceId: number) {
  const db = await getDb();
  const [modalities, counts] = await Promise.all([
    db.modality.findMany({ where: { instanceId }, orderBy: { id: "asc" }, include: INCLUDE }),
    db.document.groupBy({ by: ["modalityId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.modalityId, row._count._all]));
  return modalities.map((modality) => ({ ...serializeModality(modality), document_count: used.get(modality.id) ?? 0 }));
}

export async function getModality(instanceId: number, id: number) {
  const db = await getDb();
  const modality = await db.modality.findFirst({ where: { id, instanceId }, include: INCLUDE });
  if (!modality) throw notFound("Modality not found");
  const documents = await db.document.count({ where: { modalityId: id } });
  return { ...serializeModality(modality), document_count: documents };
}

async function modalityOf(tx: Tx, instanceId: number, id: number) {
  const modality = await tx.modality.findFirst({ where: { id, instanceId }, include: INCLUDE });
  if (!modality) throw notFound("Modality not found");
  return modality;
}

async function assertIdentifierFree(tx: Tx, instanceId: number, identifier: string, exceptId?: number) {
  const clash = await tx.modality.findFirst({
    where: { instanceId, identifier, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw conflict(`A modality named "${identifier}" already exists`, { code: "modality_exists" });
}

function modalityColumns(input: UpdateModalityInput) {
  return {
    ...(input.identifier !== undefined ? { identifier: input.identifier } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    ...(input.working_hours !== undefined
      ? { workingHours: input.working_hours === null ? Prisma.DbNull : (input.working_hours as Prisma.InputJsonValue) }
      : {}),
  };
}

const auditable = (modality: Parameters<typeof serializeModality>[0]) => {
  const { created_at: _created, updated_at: _updated, holidays: _holidays, ...rest } = serializeModality(modality);
  return rest;
};

const duplicateIdentifier = {
  unique: { message: "A modality with this identifier already exists", code: "modality_exists" },
};

export async function createModality(actor: Actor, input: CreateModalityInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await assertIdentifierFree(tx, instanceId, input.identifier);
        const created = await tx.modality.create({
          data: { instanceId, timeZone: DEFAULT_TIME_ZONE, ...modalityColumns(input), identifier: input.identifier },
        });
        const modality = await modalityOf(tx, instanceId, created.id);
        await recordAudit(tx, actor, {
          action: "modality.create",
          entity: "modality",
          entityId: created.id,
          details: auditable(modality),
        });
        return serializeModality(modality);
      }),
    duplicateIdentifier,
  );
}

export async function updateModality(actor: Actor, id: number, input: UpdateModalityInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = auditable(await modalityOf(tx, instanceId, id));
        if (input.identifier !== undefined) await assertIdentifierFree(tx, instanceId, input.identifier, id);
        await tx.modality.update({ where: { id }, data: modalityColumns(input) });
        // Documents keep the modality's name as sent; a rename carries over to them.
        if (input.identifier !== undefined && input.identifier !== before.identifier) {
          await tx.document.updateMany({ where: { modalityId: id }, data: { modalityIdentifier: input.identifier } });
        }
        const modality = await modalityOf(tx, instanceId, id);
        await recordUpdateAudit(
          tx,
          actor,
          { action: "modality.update", entity: "modality", entityId: id },
          before,
          auditable(modality),
        );
        return serializeModality(modality);
      }),
    duplicateIdentifier,
  );
}

/** A modality that documents use cannot be deleted. */
export async function deleteModality(actor: Actor, id: number) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const modality = await modalityOf(tx, instanceId, id);
    const used = await tx.document.count({ where: { modalityId: id } });
    if (used > 0) {
      throw conflict(
        `Modality "${modality.identifier}" is used by ${used} document${used === 1 ? "" : "s"} and cannot be deleted`,
        { code: "modality_in_use", params: { name: modality.identifier, count: used } },
      );
    }
    await tx.modality.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "modality.delete",
      entity: "modality",
      entityId: id,
      details: { ...auditable(modality), holidays: modality.holidays.length },
    });
    return { deleted: true, id };
  });
}

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Adds holidays (one date at most once per modality: a date already there is a 409 naming it). */
export async function addHolidays(actor: Actor, id: number, input: AddHolidaysInput) {
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await modalityOf(tx, instanceId, id);
        const existing = await tx.modalityHoliday.findMany({
          where: { modalityId: id, date: { in: input.holidays.map((holiday) => dateOf(holiday.date)) } },
          orderBy: { date: "asc" },
        });
        if (existing.length) {
          const dates = existing.map((holiday) => holiday.date.toISOString().slice(0, 10));
          throw conflict(`This modality already has a holiday on ${dates.join(", ")}`, {
            code: "holiday_exists",
            params: { dates: dates.join(", ") },
          });
        }
        await tx.modalityHoliday.createMany({
          data: input.holidays.map((holiday) => ({ modalityId: id, date: dateOf(holiday.date), name: holiday.name })),
        });
        await recordAudit(tx, actor, {
          action: "modality.holidays_add",
          entity: "modality",
          entityId: id,
          details: { holidays: input.holidays },
        });
        return serializeModality(await modalityOf(tx, instanceId, id));
      }),
    { unique: { message: "This modality already has a holiday on one of these dates", code: "holiday_exists" } },
  );
}

export async function removeHoliday(actor: Actor, id: number, date: string) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    await modalityOf(tx, instanceId, id);
    const holiday = await tx.modalityHoliday.findFirst({ where: { modalityId: id, date: dateOf(date) } });
    if (!holiday) throw notFound(`No holiday on ${date}`);
    await tx.modalityHoliday.delete({ where: { id: holiday.id } });
    await recordAudit(tx, actor, {
      action: "modality.holiday_remove",
      entity: "modality",
      entityId: id,
      details: { date, name: holiday.name },
    });
    return serializeModality(await modalityOf(tx, instanceId, id));
  });
}
