import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { hasRole } from "../../auth/actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { maskEmail } from "../../documents/mask.ts";
import { forbidden, notFound } from "../../errors/app-error.ts";
import { publicAppUrl } from "../config.ts";
import { nudgeOutbox } from "../nudge.ts";
import type { TestMessageInput } from "../schemas.ts";
import { renderMessage } from "../template.ts";

/** Marks a test in the subject the recipient sees (and in the outbox row, which no document lists). */
export const TEST_SUBJECT_PREFIX = "[TESTE] ";

/**
 * "Enviar teste": the status's saved template, filled with example values, queued in the outbox to an address the
 * admin typed — the path a customer's e-mail takes (worker, SMTP, retries), with no document behind it. The subject
 * says it is a test. Admin only; audited with the masked address (the address is personal data leaving on purpose).
 */
export async function sendTestMessage(ctx: UseCaseContext, input: { statusId: number } & TestMessageInput) {
  const { actor } = ctx;
  if (!hasRole(actor, "admin")) throw forbidden("Your role does not allow sending test messages");
  const answer = await inTransaction(async (tx) => {
    const status = await tx.status.findFirst({ where: { id: input.statusId, instanceId: actor.instanceId } });
    if (!status) throw notFound("Status not found");
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
    const subject = `${TEST_SUBJECT_PREFIX}${message.subject}`.slice(0, 250);
    const row = await tx.outboxMessage.create({
      data: {
        instanceId: actor.instanceId,
        documentId: null,
        channel: "email",
        recipient: input.to,
        subject,
        body: `Mensagem de teste do modelo do status “${status.name}”, com valores de exemplo.\n\n${message.body}`,
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "status.test_message",
      entity: "status",
      entityId: status.id,
      details: { outbox_id: row.id, to: maskEmail(input.to) },
    });
    return { id: row.id, subject };
  });
  nudgeOutbox();
  return answer;
}
