import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { hasRole } from "../../auth/actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { getDb } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { forbidden, invalid, notFound } from "../../errors/app-error.ts";
import { publicAppUrl } from "../config.ts";
import { nudgeOutbox } from "../nudge.ts";
import { replyTemplateSchema, type ReplyTemplateInput, type TestMessageInput } from "../schemas.ts";
import { DEFAULT_REPLY_BODY, DEFAULT_REPLY_SUBJECT, renderReply } from "../template.ts";
import { queueTestMessage, testMessageRecipient } from "./send-test-message.ts";

const answer = (instance: { replySubject: string | null; replyBody: string | null }) => ({
  subject: instance.replySubject,
  body: instance.replyBody,
  default_subject: DEFAULT_REPLY_SUBJECT,
  default_body: DEFAULT_REPLY_BODY,
});

/** The instance's reply e-mail template (null fields: the default text, answered beside it). Admin only. */
export async function loadReplyTemplate(ctx: UseCaseContext) {
  if (!hasRole(ctx.actor, "admin")) throw forbidden("Your role does not allow reading message templates");
  const db = await getDb();
  const instance = await db.instance.findUnique({
    where: { id: ctx.actor.instanceId },
    select: { replySubject: true, replyBody: true },
  });
  if (!instance) throw notFound("Instance not found");
  return answer(instance);
}

/**
 * Saves the reply e-mail template, refusing unknown placeholders as the status templates do (the schema's check runs
 * here too, for callers that are not the route). Admin only; audited (which fields changed, not the text).
 */
export async function saveReplyTemplate(ctx: UseCaseContext, input: ReplyTemplateInput) {
  const { actor } = ctx;
  if (!hasRole(actor, "admin")) throw forbidden("Your role does not allow changing message templates");
  const parsed = replyTemplateSchema.safeParse(input);
  if (!parsed.success) {
    throw invalid(
      "Invalid parameters",
      parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
        code: "unknown_placeholder",
      })),
    );
  }
  return inTransaction(async (tx) => {
    const saved = await tx.instance.update({
      where: { id: actor.instanceId },
      data: { replySubject: parsed.data.subject, replyBody: parsed.data.body },
      select: { replySubject: true, replyBody: true },
    });
    await recordAudit(tx, actor, {
      action: "instance.reply_template",
      entity: "instance",
      entityId: actor.instanceId,
      details: { subject: parsed.data.subject !== null, body: parsed.data.body !== null },
    });
    return answer(saved);
  });
}

/**
 * "Enviar teste" of the reply template: the saved template with example values, through the outbox to an active user
 * of the instance, "[TESTE]" in the subject — the same rules, quota and audit as a status template's test.
 */
export async function sendReplyTestMessage(ctx: UseCaseContext, input: TestMessageInput) {
  const { actor } = ctx;
  if (!hasRole(actor, "admin")) throw forbidden("Your role does not allow sending test messages");
  const queued = await inTransaction(async (tx) => {
    const instance = await tx.instance.findUniqueOrThrow({
      where: { id: actor.instanceId },
      select: { name: true, replySubject: true, replyBody: true, trackingPage: { select: { companyName: true } } },
    });
    const recipient = await testMessageRecipient(tx, actor.instanceId, input.to);
    const message = renderReply(
      { subject: instance.replySubject, body: instance.replyBody },
      {
        nome: "Maria Exemplo",
        protocolo: "20260101-000001",
        status: "Em análise",
        link: `${publicAppUrl()}/acompanhar`,
        mensagem: ["Exemplo de resposta ao cliente."],
        empresa: instance.trackingPage?.companyName?.trim() || instance.name,
      },
    );
    return queueTestMessage(tx, actor, recipient, {
      subject: message.subject,
      intro: "Mensagem de teste do modelo de resposta, com valores de exemplo.",
      body: message.body,
      audit: { action: "instance.reply_test_message", entity: "instance", entityId: actor.instanceId },
    });
  });
  nudgeOutbox();
  return queued;
}
