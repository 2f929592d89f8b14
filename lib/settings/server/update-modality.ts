import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeModality } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflictOnViolation } from "../db-errors.ts";
import {
  modalityOf,
  assertIdentifierFree,
  modalityColumns,
  auditableModality,
  duplicateIdentifier,
} from "./modality-rows.ts";
import type { UpdateModalityInput } from "../schemas.ts";

export async function updateModality(ctx: UseCaseContext, input: { id: number; changes: UpdateModalityInput }) {
  const { actor } = ctx;
  const { id, changes } = input;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const before = auditableModality(await modalityOf(tx, instanceId, id));
        if (changes.identifier !== undefined) await assertIdentifierFree(tx, instanceId, changes.identifier, id);
        await tx.modality.update({ where: { id }, data: modalityColumns(changes) });
        // Documents keep the modality's name as sent; a rename carries over to them.
        if (changes.identifier !== undefined && changes.identifier !== before.identifier) {
          await tx.document.updateMany({ where: { modalityId: id }, data: { modalityIdentifier: changes.identifier } });
        }
        const modality = await modalityOf(tx, instanceId, id);
        await recordUpdateAudit(
          tx,
          actor,
          { action: "modality.update", entity: "modality", entityId: id },
          before,
          auditableModality(modality),
        );
        return serializeModality(modality);
      }),
    duplicateIdentifier,
  );
}
