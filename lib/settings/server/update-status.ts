import "server-only";
import { recordUpdateAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { statusOf, assertReferences, columnsOf, serializeStatusSettings, replaceTransitions } from "./status-rows.ts";
import type { UpdateStatusInput } from "../schemas.ts";

export async function updateStatus(ctx: UseCaseContext, input: { id: number; changes: UpdateStatusInput }) {
  const { actor } = ctx;
  const { id, changes } = input;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const before = serializeStatusSettings(await statusOf(tx, instanceId, id));
    await assertReferences(tx, instanceId, changes, id);
    await tx.status.update({ where: { id }, data: columnsOf(changes) });
    if (changes.allowed_status_ids !== undefined) await replaceTransitions(tx, id, changes.allowed_status_ids);
    const answer = serializeStatusSettings(await statusOf(tx, instanceId, id));
    await recordUpdateAudit(tx, actor, { action: "status.update", entity: "status", entityId: id }, before, answer, [
      "category_label",
    ]);
    return answer;
  });
}
