import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { Document } from "../../db/client.ts";
import { inDocumentTransaction } from "../../db/transaction.ts";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import { recordHistory } from "./history.ts";
import { lockDocument } from "./lock-document.ts";

/** Staff operation: remove keys from filled_columns (the public updateById only merges). */
export async function removeFilledColumns(
  ctx: UseCaseContext,
  input: { id: number; keys: string[] },
): Promise<Document> {
  const { actor, requestId } = ctx;
  return inDocumentTransaction(actor.instanceId, input.id, async (tx) => {
    const current = await lockDocument(tx, actor.instanceId, input.id);
    const stored = current.filledColumns as Record<string, unknown>;
    const present = [...new Set(input.keys)].filter((key) => Object.hasOwn(stored, key));
    if (present.length === 0) return current;
    await tx.$executeRaw`UPDATE "Document" SET "filledColumns" = "filledColumns" - ${present}::text[], "updatedAt" = now()
      WHERE "id" = ${current.id}`;
    await recordHistory(tx, {
      documentId: current.id,
      action: "update",
      actor,
      changes: present.map((key) => ({ field: `filled_columns.${key}`, before: stored[key], after: null })),
      requestId,
    });
    await recordPersonalDataAccess(tx, actor, {
      action: "document.update",
      documentId: current.id,
      cpf: current.cpf,
      details: { fields: present.map((key) => `filled_columns.${key}`) },
    });
    return tx.document.findUniqueOrThrow({ where: { id: current.id } });
  });
}
