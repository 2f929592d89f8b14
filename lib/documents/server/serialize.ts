// The response shapes of the document API (SPEC.md): the full document, the create answer and the read view.
import "server-only";
import type { Document } from "../../db/client.ts";
import { serializeProduct, serializeStatus, serializeStep } from "../../catalog/server/serialize.ts";
import type { DocumentWithRelations } from "./load.ts";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The full document, keys in the spec's order (updateById's answer). */
export function serializeDocument(document: Document) {
  return {
    id: document.id,
    uuid: document.uuid,
    status_id: document.statusId,
    product_id: document.productId,
    user_id: document.userId,
    source: document.source,
    protocol: document.protocol,
    cpf: document.cpf,
    email: document.email,
    phone: document.phone,
    name: document.name,
    sla_total: document.slaTotal,
    sla_start: iso(document.slaStart),
    sla_end: iso(document.slaEnd),
    sla_end_status: iso(document.slaEndStatus),
    modality_identifier: document.modalityIdentifier,
    filled_columns: document.filledColumns as Record<string, unknown>,
    date_time: iso(document.dateTime),
    created_at: iso(document.createdAt),
    updated_at: iso(document.updatedAt),
    modality_id: document.modalityId,
    date_finished: iso(document.dateFinished),
  };
}

const CREATE_ANSWER_KEYS = [
  "modality_id",
  "uuid",
  "sla_start",
  "sla_end",
  "sla_end_status",
  "date_time",
  "created_at",
  "updated_at",
  "id",
  "protocol",
] as const;

/** document/create answers the fields that were sent plus the assigned ones. */
export function serializeCreatedDocument(document: Document, sentKeys: string[]) {
  const full = serializeDocument(document);
  const keys = new Set<string>([...sentKeys.filter((key) => key in full), ...CREATE_ANSWER_KEYS]);
  return Object.fromEntries(Object.entries(full).filter(([key]) => keys.has(key)));
}

export function serializeObservation(observation: DocumentWithRelations["observations"][number]) {
  return {
    id: observation.id,
    text: observation.text,
    visibility: observation.visibility,
    author: observation.authorLabel,
    created_at: iso(observation.createdAt),
    message: observation.text,
    observation_from: observation.origin ?? (observation.visibility === "internal" ? "internal" : "client"),
    send_communication: observation.sendCommunication,
    attachment_name: observation.attachmentName,
    createdAt: iso(observation.createdAt),
    user: { name: observation.authorLabel },
  };
}

export function serializeAttachment(attachment: DocumentWithRelations["attachments"][number]) {
  const downloadUrl =
    attachment.state === "uploaded" ? `/api/documents/${attachment.documentId}/attachments/${attachment.id}` : null;
  return {
    id: attachment.id,
    state: attachment.state,
    file_name: attachment.fileName,
    media_type: attachment.mediaType,
    size: attachment.size,
    sha256: attachment.sha256,
    request_note: attachment.requestNote,
    request_name: attachment.requestName,
    author: attachment.authorLabel,
    created_at: iso(attachment.createdAt),
    uploaded_at: iso(attachment.uploadedAt),
    download_url: downloadUrl,
    link_url: attachment.linkPath,
    name: attachment.fileName,
    path: attachment.linkPath ?? downloadUrl,
    status: attachment.review ?? (attachment.state === "pending" ? "pending" : "in_analisys"),
    user: { name: attachment.authorLabel },
    createdAt: iso(attachment.createdAt),
  };
}

/** The read view of loadById / loadByCPF. */
export function serializeReadView(document: DocumentWithRelations) {
  return {
    id: document.id,
    status_id: document.statusId,
    uuid: document.uuid,
    product_id: document.productId,
    protocol: document.protocol,
    filled_columns: document.filledColumns as Record<string, unknown>,
    date_time: iso(document.dateTime),
    sla_end_status: iso(document.slaEndStatus),
    updated_at: iso(document.updatedAt),
    fields_to_show: {
      CPF: document.cpf,
      Email: document.email,
      Telefone: document.phone,
      Cliente: document.name,
      Fonte: document.source,
      Modalidade: document.modalityIdentifier,
      "Criado em": iso(document.createdAt),
    },
    product: serializeProduct(document.product),
    status: serializeStatus(document.status),
    step: document.status.step ? serializeStep(document.status.step) : null,
    observation: document.observations.map(serializeObservation),
    attachment: document.attachments.map(serializeAttachment),
  };
}
