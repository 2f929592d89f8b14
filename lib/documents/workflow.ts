// Workflow rules shared by create and update: catalog lookups inside the transaction, transitions, SLA dates.
import type { Modality, ModalityHoliday, Status, StatusCategory } from "../db/client.ts";
import type { Tx } from "../db/transaction.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { addServiceHours, DEFAULT_TIME_ZONE, type WorkingCalendar, type WorkingHours } from "../sla/calendar.ts";

export type StatusWithRules = Status & { category: StatusCategory; transitions: Array<{ toStatusId: number }> };
export type ModalityWithHolidays = Modality & { holidays: ModalityHoliday[] };

const HOUR_MS = 3_600_000;

const missing = (field: string) =>
  badRequest(`Provided ${field} parameter not exists on database`, undefined, {
    code: "unknown_reference",
    params: { field },
  });

export async function statusForWrite(tx: Tx, instanceId: number, id: number): Promise<StatusWithRules> {
  const status = await tx.status.findFirst({
    where: { id, instanceId },
    include: { category: true, transitions: { select: { toStatusId: true } } },
  });
  if (!status) throw missing("status_id");
  return status;
}

export async function assertProductExists(tx: Tx, instanceId: number, id: number): Promise<void> {
  const product = await tx.product.findFirst({ where: { id, instanceId }, select: { id: true } });
  if (!product) throw missing("product_id");
}

export async function assertUserInInstance(tx: Tx, instanceId: number, id: number): Promise<void> {
  const user = await tx.user.findFirst({ where: { id, instanceId }, select: { id: true } });
  if (!user) throw missing("user_id");
}

/** The modality named `identifier`, created on first use (atomically, so concurrent creates agree on one row). */
export async function resolveModality(tx: Tx, instanceId: number, identifier: string): Promise<ModalityWithHolidays> {
  const [row] = await tx.$queryRaw<Array<{ id: number }>>`
    INSERT INTO "Modality" ("instanceId", "identifier", "timeZone", "updatedAt")
    VALUES (${instanceId}, ${identifier}, ${DEFAULT_TIME_ZONE}, now())
    ON CONFLICT ("instanceId", "identifier") DO UPDATE SET "identifier" = EXCLUDED."identifier"
    RETURNING "id"`;
  return modalityById(tx, row!.id);
}

export async function modalityById(tx: Tx, id: number): Promise<ModalityWithHolidays> {
  return tx.modality.findUniqueOrThrow({ where: { id }, include: { holidays: true } });
}

export function calendarOf(modality: ModalityWithHolidays | null): WorkingCalendar | null {
  if (!modality?.workingHours) return null;
  return {
    workingHours: modality.workingHours as WorkingHours,
    holidays: new Set(modality.holidays.map((holiday) => holiday.date.toISOString().slice(0, 10))),
    timeZone: modality.timeZone || DEFAULT_TIME_ZONE,
  };
}

/** sla_end = sla_start + sla_total (+ time spent paused), counted on the modality's calendar when it has one. */
export function slaEndFor(
  slaStart: Date,
  slaTotal: number | null,
  pausedHours: number,
  calendar: WorkingCalendar | null,
): Date | null {
  return slaTotal === null ? null : addServiceHours(slaStart, slaTotal + pausedHours, calendar);
}

/** sla_end_status = date_time + the status's own SLA hours (plain hours, as the spec defines it). */
export function statusDeadline(dateTime: Date, status: Status): Date | null {
  return status.slaHours === null ? null : new Date(dateTime.getTime() + status.slaHours * HOUR_MS);
}

export const isPause = (status: StatusWithRules) => status.category.kind === "pause";
export const isFinished = (status: StatusWithRules) => status.category.kind === "finished";

/** A status with configured transitions only lets documents move to the listed statuses. */
export function assertTransitionAllowed(from: StatusWithRules, to: StatusWithRules): void {
  if (from.id === to.id || from.transitions.length === 0) return;
  if (from.transitions.some((transition) => transition.toStatusId === to.id)) return;
  throw conflict(`Transition from status "${from.name}" (${from.id}) to "${to.name}" (${to.id}) is not allowed`, {
    code: "transition_not_allowed",
    params: { from: from.name, to: to.name },
  });
}
