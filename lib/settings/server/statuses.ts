import "server-only";
import type { Actor } from "../../auth/actor.ts";
import { serializeStatus } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import { recordAudit, recordUpdateAudit } from "../../audit/server/record-audit.ts";
import { conflictOnViolation } from "../db-errors.ts";
import type { CreateStatusInput, UpdateStatusInput } from "../schemas.ts";

// Statuses with their category, SLA hours, colours, step and allowed transitions (none = may move anywhere).

const INCLUDE = {
  category: true,
  transitions: { select: { toStatusId: true }, orderBy: { toStatusId: "asc" } },
} as const;

export async function listStatuses(instanceId: number) {
  const db = await getDb();
  const [statuses, counts] = await Promise.all([
    db.status.findMany({ where: { instanceId }, orderBy: [{ order: "asc" }, { id: "asc" }], include: INCLUDE }),
    db.document.groupBy({ by: ["statusId"], where: { instanceId }, _count: { _all: true } }),
  ]);
  const used = new Map(counts.map((row) => [row.statusId, row._count._all]));
  return statuses.map((status) => ({ ...serializeStatusSettings(status), document_count: used.get(status.id) ?? 0 }));
}

async function statusOf(tx: Tx, instanceId: number, id: number) {
  const status = await tx.status.findFirst({ where: { id, instanceId }, include: INCLUDE });
  if (!status) throw notFound("Status not found");
  return status;
}

/** References to other rows must stay inside the actor's instance; a bad one is a field error of the form. */
async function assertReferences(tx: Tx, instanceId: number, input: UpdateStatusInput, selfId?: number) {
  const errors: Array<{ path: string; message: string; code: string }> = [];
  if (input.category_id !== undefined) {
    const category = await tx.statusCategory.findFirst({ where: { id: input.category_id, instanceId } });
    if (!category) errors.push({ path: "category_id", message: "Unknown category", code: "unknown_reference" });
  }
  if (input.step_id !== undefined && input.step_id !== null) {
    const step = await tx.productStep.findFirst({ where: { id: input.step_id, product: { instanceId } } });
    if (!step) errors.push({ path: "step_id", message: "Unknown step", code: "unknown_reference" });
  }
  if (input.allowed_status_ids?.length) {
    if (selfId !== undefined && input.allowed_status_ids.includes(selfId)) {
      errors.push({
        path: "allowed_status_ids",
        message: "A status cannot list itself (staying is always allowed)",
        code: "self_transition",
      });
    }
    const found = await tx.status.count({ where: { instanceId, id: { in: input.allowed_status_ids } } });
    if (found !== input.allowed_status_ids.length) {
      errors.push({
        path: "allowed_status_ids",
        message: "Unknown status in the allowed transitions",
        code: "unknown_reference",
      });
    }
  }
  if (errors.length) throw invalid("Invalid parameters", errors);
}

function columnsOf(input: UpdateStatusInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
    ...(input.sla !== undefined ? { slaHours: input.sla } : {}),
    ...(input.text_color !== undefined ? { textColor: input.text_color } : {}),
    ...(input.bg_color !== undefined ? { bgColor: input.bg_color } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
    ...(input.step_id !== undefined ? { stepId: input.step_id } : {}),
    ...(input.public_name !== undefined ? { publicName: input.public_name } : {}),
    ...(input.notify_customer !== undefined ? { notifyCustomer: input.notify_customer } : {}),
    ...(input.message_subject !== undefined ? { messageSubject: input.message_subject } : {}),
    ...(input.message_body !== undefined ? { messageBody: input.message_body } : {}),
  };
}

/** The catalog's status plus what only settings show: the customer-facing name and message. */
function serializeStatusSettings(status: Parameters<typeof serializeStatus>[0]) {
  return {
    ...serializeStatus(status),
    public_name: status.publicName,
    notify_customer: status.notifyCustomer,
    message_subject: status.messageSubject,
    message_body: status.messageBody,
  };
}

async function replaceTransitions(tx: Tx, id: number, targets: number[]) {
  await tx.statusTransition.deleteMany({ where: { fromStatusId: id } });
  if (targets.length) {
    await tx.statusTransition.createMany({ data: targets.map((toStatusId) => ({ fromStatusId: id, toStatusId })) });
  }
}

export async function createStatus(actor: Actor, input: CreateStatusInput) {
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

export async function updateStatus(actor: Actor, id: number, input: UpdateStatusInput) {
  const instanceId = actor.instanceId;
  return inTransaction(async (tx) => {
    const before = serializeStatusSettings(await statusOf(tx, instanceId, id));
    await assertReferences(tx, instanceId, input, id);
    await tx.status.update({ where: { id }, data: columnsOf(input) });
    if (input.allowed_status_ids !== undefined) await replaceTransitions(tx, id, input.allowed_status_ids);
    const answer = serializeStatusSettings(await statusOf(tx, instanceId, id));
    await recordUpdateAudit(tx, actor, { action: "status.update", entity: "status", entityId: id }, before, answer, [
      "category_label",
    ]);
    return answer;
  });
}

/** A status that documents are in cannot be deleted: they would be left without a status. */
export async function deleteStatus(actor: Actor, id: number) {
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
