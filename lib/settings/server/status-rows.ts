import "server-only";
// The rows the status use-cases share (lib/settings/server/*-status.ts, list-statuses.ts).
// Statuses with their category, SLA hours, colours, step and allowed transitions (none = may move anywhere).
import { serializeStatus } from "../../catalog/server/serialize.ts";
import type { Tx } from "../../db/transaction.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { UpdateStatusInput } from "../schemas.ts";

export const STATUS_INCLUDE = {
  category: true,
  transitions: { select: { toStatusId: true }, orderBy: { toStatusId: "asc" } },
} as const;

export async function statusOf(tx: Tx, instanceId: number, id: number) {
  const status = await tx.status.findFirst({ where: { id, instanceId }, include: STATUS_INCLUDE });
  if (!status) throw notFound("Status not found");
  return status;
}

/** References to other rows must stay inside the actor's instance; a bad one is a field error of the form. */
export async function assertReferences(tx: Tx, instanceId: number, input: UpdateStatusInput, selfId?: number) {
  const errors: Array<{ path: string; message: string; code: string }> = [];
  if (input.category_id !== undefined) {
    const category = await tx.statusCategory.findFirst({ where: { id: input.category_id, instanceId } });
    if (!category) errors.push({ path: "category_id", message: "Unknown category", code: "unknown_reference" });
  }
  if (input.step_id !== undefined && input.step_id !== null) {
    const step = await tx.productStep.findFirst({ where: { id: input.step_id, product: { instanceId } } });
    if (!step) errors.push({ path: "step_id", message: "Unknown step", code: "unknown_reference" });
  }
  if (input.reply_status_id !== undefined && input.reply_status_id !== null) {
    const target = await tx.status.findFirst({ where: { id: input.reply_status_id, instanceId } });
    if (!target) errors.push({ path: "reply_status_id", message: "Unknown status", code: "unknown_reference" });
    else if (target.id === selfId) {
      errors.push({ path: "reply_status_id", message: "A status cannot move to itself", code: "self_transition" });
    }
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

export function columnsOf(input: UpdateStatusInput) {
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
    ...(input.final !== undefined ? { final: input.final } : {}),
    ...(input.reply_status_id !== undefined ? { replyStatusId: input.reply_status_id } : {}),
  };
}

/** The catalog's status plus what only settings show: the customer-facing name and message. */
export function serializeStatusSettings(status: Parameters<typeof serializeStatus>[0]) {
  return {
    ...serializeStatus(status),
    public_name: status.publicName,
    notify_customer: status.notifyCustomer,
    message_subject: status.messageSubject,
    message_body: status.messageBody,
    final: status.final,
    reply_status_id: status.replyStatusId,
  };
}

export async function replaceTransitions(tx: Tx, id: number, targets: number[]) {
  await tx.statusTransition.deleteMany({ where: { fromStatusId: id } });
  if (targets.length) {
    await tx.statusTransition.createMany({ data: targets.map((toStatusId) => ({ fromStatusId: id, toStatusId })) });
  }
}
