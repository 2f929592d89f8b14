import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { modalityOf, dateOf } from "./modality-rows.ts";
import type { AddHolidaysInput } from "../schemas.ts";

/** Adds holidays (one date at most once per modality: a date already there is a 409 naming it). */
export async function addHolidays(ctx: UseCaseContext, input: { id: number; holidays: AddHolidaysInput["holidays"] }) {
  const { actor } = ctx;
  const { id, holidays } = input;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        await modalityOf(tx, instanceId, id);
        const existing = await tx.modalityHoliday.findMany({
          where: { modalityId: id, date: { in: holidays.map((holiday) => dateOf(holiday.date)) } },
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
          data: holidays.map((holiday) => ({ modalityId: id, date: dateOf(holiday.date), name: holiday.name })),
        });
        await recordAudit(tx, actor, {
          action: "modality.holidays_add",
          entity: "modality",
          entityId: id,
          details: { holidays: holidays },
        });
        return serializeModality(await modalityOf(tx, instanceId, id));
      }),
    { unique: { message: "This modality already has a holiday on one of these dates", code: "holiday_exists" } },
  );
}
