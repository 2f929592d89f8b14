import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { statusOf, assertReferences, columnsOf, serializeStatusSettings, replaceTransitions } from "./status-rows.ts";
import type { CreateStatusInput } from "../schemas.ts";

export async function createStatus(ctx: UseCaseContext, input: CreateStatusInput) {
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    await assertReferences(tx, instanceId, input);
    const last = await tx.status.aggregate({ where: { instanceId }, _max: { order: true } });
    const created = await tx.status.create({
      data: {
        instanceId,
        ...columnsOf(input),
        name: input.name,
        categoryId: input.category_id,
        order: input.order ?? (last._max.order ?? 0) + 1,
      },
    });
    await replaceTransitions(tx, created.id, input.allowed_status_ids ?? []);
    const answer = serializeStatusSettings(await statusOf(tx, instanceId, created.id));
    await recordAudit(tx, actor, { action: "status.create", entity: "status", entityId: created.id, details: answer });
    return answer;
  });
}
