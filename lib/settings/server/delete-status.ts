import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeStatus } from "../../catalog/server/serialize.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { statusOf } from "./status-rows.ts";

/** A status that documents are in cannot be deleted: they would be left without a status. */
export async function deleteStatus(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const instanceId = actor.instanceId;
  return conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        const status = await statusOf(tx, instanceId, id);
        const used = await tx.document.count({ where: { statusId: id } });
        if (used > 0) {
          throw conflict(
            `Status "${status.name}" is used by ${used} document${used === 1 ? "" : "s"}; move ${used === 1 ? "it" : "them"} to another status before deleting it`,
            { code: "status_in_use", params: { name: status.name, count: used } },
          );
        }
        // Other statuses' transitions to this one go with it (cascade). A list emptied that way would silently mean
        // "may move anywhere", so that case is refused until the admin decides what those statuses allow.
        const incoming = await tx.statusTransition.findMany({
          where: { toStatusId: id },
          select: { fromStatusId: true, from: { select: { name: true, _count: { select: { transitions: true } } } } },
        });
        const orphaned = incoming.filter((row) => row.from._count.transitions === 1 && row.fromStatusId !== id);
        if (orphaned.length) {
          throw conflict(
            `Status "${status.name}" is the only allowed transition of ${orphaned.map((row) => `"${row.from.name}"`).join(", ")}; change their transitions first`,
            {
              code: "only_transition",
              params: { name: status.name, others: orphaned.map((row) => `“${row.from.name}”`).join(", ") },
            },
          );
        }
        await tx.status.delete({ where: { id } });
        await recordAudit(tx, actor, {
          action: "status.delete",
          entity: "status",
          entityId: id,
          details: { ...serializeStatus(status), removed_from_transitions_of: incoming.map((row) => row.fromStatusId) },
        });
        return { deleted: true, id };
      }),
    { foreignKey: { message: "This status is in use by documents and cannot be deleted", code: "in_use" } },
  );
}
