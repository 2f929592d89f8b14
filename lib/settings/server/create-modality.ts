import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { conflictOnViolation } from "../db-errors.ts";
import {
  modalityOf,
  assertIdentifierFree,
  modalityColumns,
  auditableModality,
  duplicateIdentifier,
} from "./modality-rows.ts";
import type { CreateModalityInput } from "../schemas.ts";

export async function createModality(ctx: UseCaseContext, input: CreateModalityInput) {
  const { actor } = ctx;
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
          details: auditableModality(modality),
        });
        return serializeModality(modality);
      }),
    duplicateIdentifier,
  );
}
