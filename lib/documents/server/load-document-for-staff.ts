import "server-only";
import { markCustomerActivitySeen } from "./customer-activity.ts";
import { hasRole } from "../../auth/actor.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeProduct, serializeStatus, serializeStep } from "../../catalog/server/serialize.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { attachmentMaxBytes } from "../../http/upload.ts";
import { identifierKind } from "../../identifiers/identifiers.ts";
import { loadDocumentMessages } from "../../outbox/server/load-document-messages.ts";
import { smtpUrl } from "../../outbox/config.ts";
import { PERSONAL_FIELDS } from "../mask.ts";
import { textMaskerFor } from "../policy-mask.ts";
import { applyMaskingPolicy, maskedFieldsFor } from "./masking-policy.ts";
import { revealedRead } from "./revealed-read.ts";
import { serializeAttachment, serializeDocument, serializeObservation } from "./serialize.ts";
import { slaInfo } from "../sla-state.ts";
import { stepIdForStatus } from "../../catalog/server/step-for-status.ts";
import { erasedBefore } from "../../lgpd/server/returning-identifiers.ts";

/**
 * Everything the staff document page renders, in one answer: the full document with the customer's personal data
 * masked as the caller's role's masking policy says — the list's rule, so the page never hides what the list shows
 * nor shows what it hides (POST /api/documents/<id>/reveal gives the real values, and logs it) —, its catalog
 * context, the statuses it may move to, the instance's users and modalities, its SLA position, observations,
 * attachments and messages (masked by the same policy, the notes' and messages' text too; `personal`: those in clear
 * after this caller's logged reveal, as the page's "Revelar dados pessoais" shows everything it masks).
 */
export async function loadDocumentForStaff(ctx: UseCaseContext, input: { id: number; now?: Date; personal?: boolean }) {
  const { actor } = ctx;
  const { id, now = new Date() } = input;
  const db = await getDb();
  const document = await db.document.findFirst({
    where: { id, instanceId: actor.instanceId },
    include: {
      status: { include: { category: true, step: true, transitions: { select: { toStatusId: true } } } },
      product: { include: { steps: { orderBy: { order: "asc" } }, columns: { orderBy: { order: "asc" } } } },
      modality: { select: { id: true, identifier: true, workingHours: true, timeZone: true } },
      observations: { orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
      attachments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], omit: { content: true } },
    },
  });
  if (!document) throw notFound("Provided id parameter not exists on database", { code: "document_not_found" });
  // A staff member (a person, not an integration) opened it: the customer's activity is seen.
  if (document.customerUnread && actor.type === "user" && hasRole(actor, "staff")) {
    await markCustomerActivitySeen(null, { instanceId: actor.instanceId, documentId: document.id });
  }

  // The product's own step for the status (its per-product map first), never another product's step.
  const stepId = await stepIdForStatus(db, {
    productId: document.productId,
    statusId: document.statusId,
    statusStepId: document.status.stepId,
    productStepIds: document.product.steps.map((step) => step.id),
  });
  const currentStep = document.product.steps.find((step) => step.id === stepId) ?? null;
  const [statuses, users, modalities, messages] = await Promise.all([
    db.status.findMany({
      where: { instanceId: actor.instanceId },
      orderBy: [{ order: "asc" }, { id: "asc" }],
      include: { category: true },
    }),
    db.user.findMany({
      where: { instanceId: actor.instanceId, OR: [{ disabled: false }, { id: document.userId ?? -1 }] },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, email: true, role: true, disabled: true },
    }),
    db.modality.findMany({
      where: { instanceId: actor.instanceId },
      orderBy: { identifier: "asc" },
      select: { id: true, identifier: true },
    }),
    loadDocumentMessages(ctx, { documentId: document.id, personal: input.personal }),
  ]);
  const maskedFields = await maskedFieldsFor(actor);
  // The notes' text carries the customer's values as often as an e-mail does (a reply to the customer is one): masked
  // inside it like the sent messages', in clear after the page's own logged reveal.
  const revealed = await revealedRead(db, actor, document.id, input.personal === true);
  const hideInNotes = revealed ? (text: string) => text : textMaskerFor([document], maskedFields);

  // A CPF erased by an LGPD deletion before this document was created (keyed hash of the receipt; never stored clear).
  const erasedAt = await erasedBefore(actor.instanceId, document.cpfDigits, document.createdAt);

  const configured = document.status.transitions.map((transition) => transition.toStatusId);
  // A final status without listed transitions lets the document move nowhere (workflow.ts assertTransitionAllowed).
  const finalStop = document.status.final && configured.length === 0;
  const allowed = statuses
    .filter((status) => status.id !== document.statusId)
    .filter((status) => !finalStop && (configured.length === 0 || configured.includes(status.id)))
    .map((status) => status.id);

  const full = serializeDocument(document);
  const masked = { ...full, ...applyMaskingPolicy(full, maskedFields) };
  const canEdit = hasRole(actor, "staff");

  return {
    document: masked,
    fields_to_show: {
      CPF: masked.cpf,
      Email: masked.email,
      Telefone: masked.phone,
      Cliente: masked.name,
      Fonte: document.source,
      Modalidade: document.modalityIdentifier,
      "Criado em": full.created_at,
    },
    personal_data: maskedFields.size > 0 ? ("masked" as const) : ("clear" as const),
    /** The personal fields this caller's policy masks (the page offers "Revelar" only when there is one). */
    masked_fields: PERSONAL_FIELDS.filter((field) => maskedFields.has(field)),
    /** Whether the (masked) identifier is a valid CPF or CNPJ: the page flags it without showing it. */
    identifier_kind: identifierKind(document.cpf),
    status: serializeStatus(document.status),
    product: serializeProduct(document.product),
    step: currentStep ? serializeStep(currentStep) : null,
    modality: document.modality
      ? {
          id: document.modality.id,
          identifier: document.modality.identifier,
          has_calendar: document.modality.workingHours !== null,
          time_zone: document.modality.timeZone,
        }
      : null,
    allowed_status_ids: allowed,
    /** Why allowed_status_ids is empty when it is: the current status is final. */
    status_final: finalStop,
    statuses: statuses.map((status) => serializeStatus(status)),
    users: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      disabled: user.disabled,
    })),
    modalities,
    sla: slaInfo(document, now),
    observations: document.observations.map((observation) => {
      const shown = serializeObservation(observation);
      return {
        ...shown,
        text: hideInNotes(shown.text),
        message: hideInNotes(shown.message),
        from_customer: observation.byCustomer,
      };
    }),
    attachments: document.attachments.map((a) => ({ ...serializeAttachment(a), from_customer: a.byCustomer })),
    /** E-mails to the customer (lib/outbox), newest first. */
    messages,
    /**
     * Who hears of a change before it is confirmed: the statuses whose entry e-mails the customer, whether the
     * document has an address to send to (masked), and whether e-mail is configured at all.
     */
    notify: {
      status_ids: statuses.filter((status) => status.notifyCustomer).map((status) => status.id),
      recipient: masked.email,
      configured: smtpUrl() !== null,
    },
    /** Set when the document's CPF had been erased (LGPD) before it was created: the page shows a notice. */
    lgpd_returning: erasedAt ? { erased_at: erasedAt.toISOString() } : null,
    permissions: { can_edit: canEdit, can_reveal: canEdit && maskedFields.size > 0 },
    limits: { attachment_max_bytes: attachmentMaxBytes() },
  };
}

export type StaffDocumentView = Awaited<ReturnType<typeof loadDocumentForStaff>>;
