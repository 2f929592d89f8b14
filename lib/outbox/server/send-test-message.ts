import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { hasRole, type Actor } from "../../auth/actor.ts";
import type { AuditEntry } from "../../audit/entries.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { maskEmail } from "../../documents/mask.ts";
import { forbidden, invalid, notFound, throttled } from "../../errors/app-error.ts";
import { publicAppUrl } from "../config.ts";
import { nudgeOutbox } from "../nudge.ts";
import type { TestMessageInput } from "../schemas.ts";
import { renderMessage } from "../template.ts";

/** Marks a test in the subject the recipient sees (and in the outbox row, which no document lists). */
export const TEST_SUBJECT_PREFIX = "[TESTE] ";

/**
 * Tests an instance may send in an hour. They leave through the operator's sender (its domain's reputation, its
 * provider's quota), so they are for checking a template, not for mailing: a handful is plenty.
 */
export const TEST_MESSAGES_PER_HOUR = 10;

/**
 * "Enviar teste": the status's saved template, filled with example values, queued in the outbox to the address the
 * admin typed — the path a customer's e-mail takes (worker, SMTP, retries), with no document behind it. The subject
 * says it is a test. Admin only; only to an active user of the instance (the admin's own address included), so the
 * operator's sender never mails a stranger with text an admin wrote; at most TEST_MESSAGES_PER_HOUR an hour per
 * instance (429, "test_message_quota"). Audited with the masked address (personal data leaving on purpose).
 */
export async function sendTestMessage(ctx: UseCaseContext, input: { statusId: number } & TestMessageInput) {
  const { actor } = ctx;
  if (!hasRole(actor, "admin")) throw forbidden("Your role does not allow sending test messages");
  const answer = await inTransaction(async (tx) => {
    const status = await tx.status.findFirst({ where: { id: input.statusId, instanceId: actor.instanceId } });
    if (!status) throw notFound("Status not found");
    const recipient = await testMessageRecipient(tx, actor.instanceId, input.to);
    const message = renderMessage(
      { subject: status.messageSubject, body: status.messageBody },
      {
        nome: "Maria Exemplo",
        protocolo: "20260101-000001",
        status: status.publicName ?? status.name,
        link: `${publicAppUrl()}/acompanhar`,
        observacoes: ["Exemplo de observação para o cliente."],
      },
    );
    return queueTestMessage(tx, actor, recipient, {
      subject: message.subject,
      intro: `Mensagem de teste do modelo do status “${status.name}”, com valores de exemplo.`,
      body: message.body,
      audit: { action: "status.test_message", entity: "status", entityId: status.id },
    });
  });
  nudgeOutbox();
  return answer;
}

/**
 * Queues a test message to `recipient` ("[TESTE]" before its subject, a sentence saying so before its body) and
 * audits it with the masked address: personal data leaving on purpose.
 */
export async function queueTestMessage(
  tx: Tx,
  actor: Actor,
  recipient: { email: string },
  message: {
    subject: string;
    intro: string;
    body: string;
    audit: Pick<AuditEntry, "action" | "entity" | "entityId">;
  },
): Promise<{ id: number; subject: string }> {
  const subject = `${TEST_SUBJECT_PREFIX}${message.subject}`.slice(0, 250);
  const row = await tx.outboxMessage.create({
    data: {
      instanceId: actor.instanceId,
      documentId: null,
      channel: "email",
      recipient: recipient.email,
      subject,
      body: `${message.intro}\n\n${message.body}`,
    },
    select: { id: true },
  });
  await recordAudit(tx, actor, {
    ...message.audit,
    details: { outbox_id: row.id, to: maskEmail(recipient.email) },
  });
  return { id: row.id, subject };
}
/**
 * The active user of the instance a test message may go to (a stranger is refused), once the hourly quota allows one
 * more: the checks every "Enviar teste" shares.
 */
export async function testMessageRecipient(tx: Tx, instanceId: number, to: string): Promise<{ email: string }> {
  const recipient = await tx.user.findFirst({
    where: { instanceId, disabled: false, email: { equals: to, mode: "insensitive" } },
    select: { email: true },
  });
  if (!recipient) {
    throw invalid("A test message goes only to a user of this instance", [
      { path: "to", message: "Not the e-mail of an active user of this instance", code: "test_recipient_not_user" },
    ]);
  }
  await assertTestMessageQuota(tx, instanceId);
  return recipient;
}
/**
 * The instance's brake on tests: counted in the outbox (every server process sees the same count) with the instance's
 * row locked for the rest of the transaction, so two admins sending at once cannot both take the last one. FOR NO KEY
 * UPDATE leaves the instance's other writes (rows that reference it) free.
 */
export async function assertTestMessageQuota(tx: Tx, instanceId: number, now = new Date()) {
  await tx.$executeRaw`SELECT 1 FROM "Instance" WHERE "id" = ${instanceId} FOR NO KEY UPDATE`;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await tx.outboxMessage.findMany({
    where: {
      instanceId,
      documentId: null,
      channel: "email",
      subject: { startsWith: TEST_SUBJECT_PREFIX },
      createdAt: { gt: hourAgo },
    },
    select: { createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  if (recent.length < TEST_MESSAGES_PER_HOUR) return;
  const leaves = recent[recent.length - TEST_MESSAGES_PER_HOUR]!.createdAt.getTime() + 3_600_000;
  throw throttled(
    "Too many test messages from this instance; try again later",
    Math.max(1, Math.ceil((leaves - now.getTime()) / 1000)),
    {
      code: "test_message_quota",
      params: { limit: TEST_MESSAGES_PER_HOUR },
    },
  );
}
