import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { hasRole } from "../../auth/actor.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { getDb } from "../../db/client.ts";
import { maskEmail, type PersonalField } from "../../documents/mask.ts";
import { textMaskerFor } from "../../documents/policy-mask.ts";
import { maskedFieldsFor } from "../../documents/server/masking-policy.ts";
import { revealedRead } from "../../documents/server/revealed-read.ts";
import { forbidden, notFound } from "../../errors/app-error.ts";
import { smtpUrl } from "../config.ts";
import type { MessagePreview, PreviewMessageInput } from "../schemas.ts";
import { bodyForStaff } from "./customer-link.ts";
import { composeCustomerMessage } from "./enqueue.ts";

/**
 * The customer's e-mail as the outbox would send it now, for the document page: a reply being written (sent by
 * e-mail whatever the status says) or the e-mail of a status change (only when that status notifies). Rendered by the
 * outbox's own composition (enqueue.ts) from the saved template and the document's values; nothing is written. The
 * recipient, subject and body follow the caller's masking policy, as the page right above them does: a name the
 * policy masks is masked inside the text ("Olá, ***."), wherever it comes from (the template or the draft) — in clear
 * after the page's own logged reveal, like the fields above it (`personal`, revealed-read.ts).
 */
export async function previewMessage(
  ctx: UseCaseContext,
  input: { documentId: number; message: PreviewMessageInput },
): Promise<MessagePreview> {
  const { actor } = ctx;
  if (!hasRole(actor, "staff")) throw forbidden("Your role does not allow writing to the customer");
  const reply = input.message.kind === "reply";
  const composed = await composeCustomerMessage(rawQuery, {
    instanceId: actor.instanceId,
    documentId: input.documentId,
    now: new Date(),
    statusId: input.message.kind === "status" ? input.message.status_id : undefined,
    always: reply,
    draft: input.message.kind === "reply" ? input.message.text : undefined,
  });
  if (!composed) {
    throw reply
      ? notFound("Provided id parameter not exists on database")
      : notFound("Provided status_id parameter not exists on database");
  }
  const configured = smtpUrl() !== null;
  const db = await getDb();
  const revealed = await revealedRead(db, actor, input.documentId, input.message.personal === true);
  const masked: ReadonlySet<PersonalField> = revealed ? new Set() : await maskedFieldsFor(actor);
  const document = await db.document.findFirst({
    where: { id: input.documentId, instanceId: actor.instanceId },
    select: { cpf: true, name: true, email: true, phone: true },
  });
  const hide = textMaskerFor([document ?? {}], masked);
  const recipient = composed.recipient && masked.has("email") ? maskEmail(composed.recipient) : composed.recipient;
  if (!composed.send) return { send: false, reason: composed.reason, recipient, configured, subject: null, body: null };
  return {
    send: true,
    reason: null,
    recipient,
    configured,
    subject: hide(composed.subject),
    body: hide(bodyForStaff(composed.body)),
  };
}
