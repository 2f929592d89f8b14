// The answer schemas of the document API and the staff document routes (lib/documents/server/serialize.ts,
// load-document-for-staff.ts, load-document-history.ts, reveal-personal-data.ts build them). Shared with the browser: contracts and fetchers
// take their types from here.
import { z } from "zod";
import { EMAIL_FAILURES } from "../outbox/email-failure.ts";
import { ZCategory, ZColumn, ZIsoDateTime, ZJsonObject, ZProduct, ZStatus, ZStep } from "../catalog/answers.ts";
import { PERSONAL_FIELDS } from "./mask.ts";

const nullableTime = ZIsoDateTime.nullable();

/** The full document, keys in the spec's order (updateById's answer). */
export const ZDocument = z.strictObject({
  id: z.int(),
  uuid: z.uuid(),
  status_id: z.int(),
  product_id: z.int(),
  user_id: z.int().nullable(),
  source: z.string().nullable(),
  protocol: z.string(),
  cpf: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  sla_total: z.number().nullable(),
  sla_start: nullableTime,
  sla_end: nullableTime,
  sla_end_status: nullableTime,
  modality_identifier: z.string().nullable(),
  filled_columns: ZJsonObject,
  date_time: nullableTime,
  created_at: ZIsoDateTime,
  updated_at: ZIsoDateTime,
  modality_id: z.int().nullable(),
  date_finished: nullableTime,
});

/** document/create: the fields that were sent plus the assigned ones. */
export const ZCreatedDocument = ZDocument.partial().required({
  modality_id: true,
  uuid: true,
  sla_start: true,
  sla_end: true,
  sla_end_status: true,
  date_time: true,
  created_at: true,
  updated_at: true,
  id: true,
  protocol: true,
});

/** Who wrote it, under the original service's name (its consumers read `user.name`). */
const ZOriginalUser = z.strictObject({ name: z.string() });

export const ZObservation = z.strictObject({
  id: z.int(),
  text: z.string(),
  visibility: z.enum(["internal", "customer"]),
  author: z.string(),
  created_at: ZIsoDateTime,
  // The original service's names of the same facts (docs/migrating.md), beside ours.
  message: z.string(),
  observation_from: z.enum(["internal", "client", "question"]),
  send_communication: z.boolean(),
  attachment_name: z.string().nullable(),
  createdAt: ZIsoDateTime,
  user: ZOriginalUser,
});

export const ZAttachment = z.strictObject({
  id: z.int(),
  /** linked: a file that lives elsewhere (link_url); the server never fetched it. */
  state: z.enum(["uploaded", "pending", "linked"]),
  file_name: z.string(),
  media_type: z.string().nullable(),
  size: z.int(),
  sha256: z.string().nullable(),
  request_note: z.string().nullable(),
  /** The requested document's name when a customer's file fulfilled a request (file_name is the file's own). */
  request_name: z.string().nullable(),
  author: z.string(),
  created_at: ZIsoDateTime,
  uploaded_at: nullableTime,
  download_url: z.string().nullable(),
  link_url: z.string().nullable(),
  // The original service's names (docs/migrating.md): path is the link or our download URL.
  name: z.string(),
  path: z.string().nullable(),
  status: z.enum(["ok", "pending", "in_analisys"]),
  user: ZOriginalUser,
  createdAt: ZIsoDateTime,
});

/** The customer's data as the spec's read view labels it (fields_to_show). */
const ZFieldsToShow = z.strictObject({
  CPF: z.string(),
  Email: z.string().nullable(),
  Telefone: z.string().nullable(),
  Cliente: z.string().nullable(),
  Fonte: z.string().nullable(),
  Modalidade: z.string().nullable(),
  "Criado em": ZIsoDateTime,
});

/** The read view of document/loadById and (an array of them) document/loadByCPF. */
export const ZReadView = z.strictObject({
  id: z.int(),
  status_id: z.int(),
  uuid: z.uuid(),
  product_id: z.int(),
  protocol: z.string(),
  filled_columns: ZJsonObject,
  date_time: nullableTime,
  sla_end_status: nullableTime,
  updated_at: ZIsoDateTime,
  fields_to_show: ZFieldsToShow,
  product: ZProduct,
  status: ZStatus,
  step: ZStep.nullable(),
  observation: z.array(ZObservation),
  attachment: z.array(ZAttachment),
});

const ZSlaInfo = z.strictObject({
  sla_end: nullableTime,
  state: z.enum(["in_sla", "late", "no_sla"]),
  paused: z.boolean(),
  paused_since: nullableTime,
  finished: z.boolean(),
  /** The instant compared with sla_end (null when the clock is still running: the client compares with its now). */
  stopped_at: nullableTime,
});

/** GET /api/documents/<id>: everything the staff document page renders, personal data masked by the role's policy. */
export const ZStaffDocumentView = z.strictObject({
  document: ZDocument,
  fields_to_show: ZFieldsToShow,
  personal_data: z.enum(["masked", "clear"]),
  masked_fields: z.array(z.enum(PERSONAL_FIELDS)),
  identifier_kind: z.enum(["cpf", "cnpj", "other"]),
  status: ZStatus,
  product: ZProduct,
  step: ZStep.nullable(),
  modality: z
    .strictObject({ id: z.int(), identifier: z.string(), has_calendar: z.boolean(), time_zone: z.string() })
    .nullable(),
  allowed_status_ids: z.array(z.int()),
  /** The current status is final (no transitions listed): the document moves nowhere; the page says so. */
  status_final: z.boolean(),
  statuses: z.array(ZStatus),
  users: z.array(
    z.strictObject({
      id: z.int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(["admin", "staff", "viewer"]),
      disabled: z.boolean(),
    }),
  ),
  modalities: z.array(z.strictObject({ id: z.int(), identifier: z.string() })),
  sla: ZSlaInfo,
  /** from_customer: written or sent by the customer on the tracking page (the staff page only; not in the SPEC's bodies). */
  observations: z.array(ZObservation.extend({ from_customer: z.boolean() })),
  attachments: z.array(ZAttachment.extend({ from_customer: z.boolean() })),
  /** E-mails to the customer, newest first. */
  messages: z.array(
    z.strictObject({
      id: z.int(),
      channel: z.enum(["email", "webhook"]),
      recipient: z.string(),
      subject: z.string(),
      /** The message's text as sent (staff+; null for viewers). */
      text: z.string().nullable(),
      status: z.enum(["pending", "sent", "failed"]),
      state: z.enum(["queued", "retrying", "not_configured", "sent", "failed"]),
      attempts: z.int(),
      last_error: z.string().nullable(),
      /** Why it failed or waits for a retry, as a code the page says in the user's language (lib/outbox/email-failure.ts). */
      failure: z.enum(EMAIL_FAILURES).nullable(),
      created_at: ZIsoDateTime,
      sent_at: ZIsoDateTime.nullable(),
      next_attempt_at: ZIsoDateTime.nullable(),
    }),
  ),
  notify: z.strictObject({
    status_ids: z.array(z.int()),
    recipient: z.string().nullable(),
    configured: z.boolean(),
  }),
  /** Set when the CPF had been erased (LGPD) before the document was created (lib/lgpd/server/returning-identifiers.ts). */
  lgpd_returning: z.strictObject({ erased_at: z.iso.datetime({ offset: true }) }).nullable(),
  permissions: z.strictObject({ can_edit: z.boolean(), can_reveal: z.boolean() }),
  limits: z.strictObject({ attachment_max_bytes: z.int() }),
});

const ZFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

const ZHistoryEntry = z.strictObject({
  id: z.int(),
  action: z.string(),
  actor_type: z.string(),
  actor_label: z.string(),
  actor_name: z.string().nullable(),
  changes: z.array(ZFieldChange),
  created_at: ZIsoDateTime,
});

export const ZRevealedPersonalData = z.strictObject({
  cpf: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A revealed row of the documents list (POST /api/documents/reveal and reveal-page). */
export const ZRevealedRow = ZRevealedPersonalData.extend({ id: z.int(), cpf_formatted: z.string() });

export const ZImportResult = z.strictObject({
  imported: z.int(),
  ids: z.array(z.int()),
  /** With `valid_only`: the rows left out and why (row, path, message in Portuguese for typed columns, code). */
  skipped: z
    .array(
      z.object({
        row: z.int(),
        path: z.string(),
        message: z.string(),
        code: z.string().optional(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
});

/** The filter bar's choices (POST /api/documents/filter-options). */
/** GET /api/documents/sources: the origins already used in the instance. */
export const ZDocumentSources = z.strictObject({ sources: z.array(z.string()) });

export const ZFilterOptions = z.strictObject({
  categories: z.array(ZCategory.pick({ key: true, label: true, kind: true })),
  statuses: z.array(
    z.strictObject({
      id: z.int(),
      name: z.string(),
      category_key: z.string(),
      text_color: z.string(),
      bg_color: z.string(),
      /** Final: with no allowed transitions, its documents move nowhere. */
      final: z.boolean(),
      /** Where its documents may move; empty = anywhere (nowhere when final). */
      allowed_status_ids: z.array(z.int()),
    }),
  ),
  products: z.array(
    z.strictObject({
      id: z.int(),
      name: z.string(),
      active: z.boolean(),
      columns: z.array(ZColumn.pick({ key: true, label: true, type: true, required: true, options: true })),
      /** Where a new document of the product starts ("Novo documento"'s default): its first step's first status. */
      first_status_id: z.int().nullable(),
    }),
  ),
  modalities: z.array(z.strictObject({ id: z.int(), identifier: z.string() })),
  /** The instance's users by name (the "Responsável" filter and assign menus); disabled ones cannot be assigned. */
  users: z.array(z.strictObject({ id: z.int(), name: z.string(), disabled: z.boolean() })),
  /** The caller's own user id ("Meus documentos", "Assumir"); null for a token without a user. */
  me: z.int().nullable(),
});

export const ZReadViewList = z.array(ZReadView);
export const ZHistory = z.array(ZHistoryEntry);
export const ZRevealedPage = z.strictObject({ items: z.array(ZRevealedRow) });
