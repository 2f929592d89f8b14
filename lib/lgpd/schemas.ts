import { z } from "zod";
import { importBodySchema } from "../documents/import-rows.ts";
import { LGPD_SHOWN_STATUSES } from "./shown-status.ts";
import { isValidCpf } from "../identifiers/identifiers.ts";
import { decodeSegment, FixedAnswerError, pathParam } from "../http/path-params.ts";
import { localDayField } from "../time/local-day.ts";
import { LGPD_BODIES } from "./bodies.ts";

/** POST /api/lgpd/<instance>/request: a CPF with valid check digits, bare or formatted. */
export const deletionRequestSchema = z.object({
  cpf: z
    .string()
    .trim()
    .refine(isValidCpf, "Invalid CPF")
    .meta({ examples: ["123.456.789-09", "12345678909"] }),
});

/** GET /api/lgpd/<instance>/status/<cpf>: the path's CPF (percent-decoded), valid check digits, bare or formatted. */
export const lgpdStatusCpfSchema = z.string().trim().refine(isValidCpf);

/**
 * The {cpf} segment of the LGPD API's GET routes (status, access, summary): percent-decoded, valid check digits, bare
 * or formatted, handed to the handler trimmed; anything else answers the API's own 400 {"status":"error","message":
 * "Invalid CPF"} (after the key is admitted: a wrong key is still 401 first).
 */
/**
 * The {instance} segment of the LGPD API, percent-decoded. Admission already refused an unknown instance (401), so
 * the schema refuses nothing: declared where the handler needs the slug itself (the access route's download link).
 */
export const lgpdInstanceParam = pathParam(z.string().transform(decodeSegment), () => {
  return new FixedAnswerError(401, LGPD_BODIES.unauthorized);
});

export const lgpdCpfParam = pathParam(
  z.string().transform(decodeSegment).pipe(lgpdStatusCpfSchema),
  () => new FixedAnswerError(400, LGPD_BODIES.invalidCpf),
);

const LGPD_REQUEST_STATUSES = ["pending", "done", "not_found", "error"] as const;

export const ZSearchLgpdRequestsBody = z
  .object({
    /** One of the API's statuses, or "denied" (the officer's denials, which "error" leaves out: shown-status.ts). */
    status: z.enum(LGPD_SHOWN_STATUSES).nullish(),
    /** Requested on or after this day (America/Sao_Paulo). */
    from: z.iso.date().nullish(),
    /** Requested on or before this day (America/Sao_Paulo). */
    to: z.iso.date().nullish(),
    /** Digits or formatted; hashed for the lookup, never stored or logged. */
    cpf: z.string().trim().max(20).nullish(),
    page: z.int().min(1).max(100_000).default(1),
    page_size: z.int().min(1).max(100).default(20),
  })
  .strict();
export type TSearchLgpdRequestsBody = z.infer<typeof ZSearchLgpdRequestsBody>;

export const ZRetryLgpdRequestBody = z.object({ cpf: z.string().trim().min(1).max(20) }).strict();

// Answers. The LGPD API keeps the original service's bodies (lib/lgpd/bodies.ts); the admin routes answer rows
// with the masked CPF only.
const isoTime = z.iso.datetime({ offset: true });

/** POST /api/lgpd/<instance>/request. */
export const ZLgpdReceived = z.strictObject({ status: z.literal("pending"), message: z.string() });

/** GET /api/lgpd/<instance>/status/<cpf>: details hold the counts deleted (done), the reason (error) or the times. */
export const ZLgpdStatusAnswer = z.strictObject({
  message: z.literal("Request found"),
  status: z.enum(LGPD_REQUEST_STATUSES),
  details: z.record(z.string(), z.unknown()),
});

/** How a request entered by hand arrived. */
export const LGPD_CHANNELS = ["email", "letter", "phone", "in_person"] as const;
/** The officer's review of a deletion when the instance reviews them (lib/lgpd/server/set-deletion-review.ts). */
export const LGPD_REVIEWS = ["awaiting", "approved", "denied"] as const;

/** A request entered by hand: how and when it arrived (the deadline counts from that day) and a note. */
const handEntered = {
  channel: z.enum(LGPD_CHANNELS).nullable(),
  received_at: isoTime.nullable(),
  note: z.string().nullable(),
};

export const ZLgpdRequestRow = z.strictObject({
  id: z.int(),
  cpf_masked: z.string(),
  status: z.enum(LGPD_REQUEST_STATUSES),
  source: z.string(),
  attempts: z.int(),
  requested_at: isoTime,
  processed_at: isoTime.nullable(),
  last_error: z.string().nullable(),
  details: z.unknown(),
  ...handEntered,
  review: z.enum(LGPD_REVIEWS).nullable(),
  review_reason: z.string().nullable(),
  reviewed_at: isoTime.nullable(),
});

export const ZLgpdRequestPage = z.strictObject({
  items: z.array(ZLgpdRequestRow),
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
});

/** The kinds of request the officer's inbox lists together. */
export const LGPD_INBOX_KINDS = ["access", "deletion"] as const;

/** POST /api/admin/lgpd-inbox: the officer's inbox of access and deletion requests, filtered and paged. */
export const ZLgpdInboxBody = z
  .object({
    kind: z.enum(LGPD_INBOX_KINDS).nullish(),
    /** As staff see it: the API's statuses and the officer's denial apart (shown-status.ts). */
    status: z.enum(LGPD_SHOWN_STATUSES).nullish(),
    /** "me": the caller's own; "none": no one's yet; a user id: that person's. */
    assignee: z.union([z.enum(["me", "none"]), z.int().positive()]).nullish(),
    page: z.int().min(1).max(100_000).default(1),
    page_size: z.int().min(1).max(100).default(20),
  })
  .strict();
export type TLgpdInboxBody = z.infer<typeof ZLgpdInboxBody>;

/** A staff member who answers a request: the inbox's column and the people it offers to pick from. */
export const ZLgpdAssignee = z.strictObject({ id: z.int(), name: z.string() });

export const ZLgpdInboxRow = z.strictObject({
  kind: z.enum(LGPD_INBOX_KINDS),
  id: z.int(),
  cpf_masked: z.string(),
  status: z.enum(LGPD_REQUEST_STATUSES),
  /** Who entered it: api (the data subject through an integrator), admin (staff), or as another sender recorded it. */
  source: z.string(),
  channel: z.enum(LGPD_CHANNELS).nullable(),
  received_at: isoTime.nullable(),
  requested_at: isoTime,
  processed_at: isoTime.nullable(),
  /** A deletion's review (null: not reviewed, and always for access requests). */
  review: z.enum(LGPD_REVIEWS).nullable(),
  /** The legal answer deadline (deadline.ts: from the day received, else requested, plus the instance's days). */
  due_at: isoTime,
  /** Who in the team answers it (null: no one yet). */
  assignee: ZLgpdAssignee.nullable(),
});

export const ZLgpdInboxPage = z.strictObject({
  items: z.array(ZLgpdInboxRow),
  total: z.int(),
  /** How many deletions await the officer's review (listed first). */
  awaiting_review: z.int(),
  /** The instance's active staff and admins, who may be assigned a request (by name). */
  assignees: z.array(ZLgpdAssignee),
  page: z.int(),
  page_size: z.int(),
});

/** POST /api/admin/lgpd-inbox/assign: who answers one request (null: no one). */
export const ZLgpdAssignBody = z.strictObject({
  kind: z.enum(LGPD_INBOX_KINDS),
  id: z.int().positive(),
  assignee_id: z.int().positive().nullable(),
});
export type TLgpdAssignBody = z.infer<typeof ZLgpdAssignBody>;
export const ZLgpdAssignment = z.strictObject({
  kind: z.enum(LGPD_INBOX_KINDS),
  id: z.int(),
  assignee: ZLgpdAssignee.nullable(),
});
export type TLgpdAssignment = z.infer<typeof ZLgpdAssignment>;

/** The receipt of one request (a JSON download), built from its row only, so it outlives the erasure. */
export const ZLgpdReceipt = z.strictObject({
  receipt: z.literal("lgpd-deletion"),
  request_id: z.int(),
  instance: z.string(),
  instance_name: z.string(),
  cpf_masked: z.string(),
  status: z.enum(LGPD_REQUEST_STATUSES),
  source: z.string(),
  requested_at: isoTime,
  processed_at: isoTime.nullable(),
  attempts: z.int(),
  deleted: z.record(z.string(), z.int()).nullable(),
  details: z.unknown(),
  last_error: z.string().nullable(),
  /** What legal holds kept (Art. 16 I): per hold its basis, scope, count and the end of its period. */
  kept: z
    .strictObject({
      documents: z.int(),
      holds: z.array(
        z.strictObject({
          hold_id: z.int(),
          basis: z.string(),
          period_years: z.int(),
          scope: z.enum(["product", "status"]),
          scope_name: z.string(),
          documents: z.int(),
          until: isoTime,
        }),
      ),
    })
    .nullable(),
  review: z.enum(LGPD_REVIEWS).nullable(),
  review_reason: z.string().nullable(),
  generated_at: isoTime,
});
export type LgpdReceipt = z.infer<typeof ZLgpdReceipt>;

// Access requests (LGPD Art. 18 II, 19): summary, request, status, download.

/** POST /api/lgpd/<instance>/access: the same body as the deletion request. */
export const accessRequestSchema = deletionRequestSchema;

/** GET /api/lgpd/<instance>/summary/<cpf>: counts per kind and dates, or "No data" (nothing else for an unknown CPF). */
export const ZLgpdSummaryAnswer = z.union([
  z.strictObject({ message: z.literal("No data"), status: z.literal("not_found") }),
  z.strictObject({
    message: z.literal("Data found"),
    status: z.literal("found"),
    summary: z.strictObject({
      documents: z.int(),
      observations: z.int(),
      attachments: z.int(),
      messages: z.int(),
      history: z.int(),
      personal_fields: z.array(z.string()),
      first_at: isoTime,
      last_at: isoTime,
    }),
  }),
]);

/** GET /api/lgpd/<instance>/access/<cpf>: the latest access request; a signed link while its package is available. */
export const ZLgpdAccessStatusAnswer = z.strictObject({
  message: z.literal("Request found"),
  status: z.enum(LGPD_REQUEST_STATUSES),
  details: z.record(z.string(), z.unknown()),
  download_url: z.url().optional(),
  expires_at: isoTime.optional(),
});

/** The download link's query (the path holds the request id). */
/** The one answer (404) of an access-package link that is altered, expired or whose package was deleted. */
export const ACCESS_LINK_GONE = "Link not found or expired";

export const ZAccessDownloadQuery = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1).max(100),
});

// The data-subject page (admins).

export const ZSubjectCpfBody = z.object({ cpf: z.string().trim().min(1).max(20) }).strict();

/**
 * The look-up: a CPF and, when the same screen refreshes what it shows, the `lookup_id` its look-up answered — the
 * refresh is then no new look-up in the audit trail (the server checks the id is this actor's look-up of this CPF).
 */
export const ZSubjectLookupBody = z
  .object({
    cpf: z.string().trim().min(1).max(20),
    lookup_id: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  })
  .strict();

const ZLgpdAccessRow = z.strictObject({
  id: z.int(),
  cpf_masked: z.string(),
  status: z.enum(LGPD_REQUEST_STATUSES),
  source: z.string(),
  requested_at: isoTime,
  processed_at: isoTime.nullable(),
  expires_at: isoTime.nullable(),
  package_available: z.boolean(),
  package_deleted_at: isoTime.nullable(),
  downloads: z.int(),
  details: z.unknown(),
  last_error: z.string().nullable(),
  ...handEntered,
});

const ZSummaryCounts = z.strictObject({
  documents: z.int(),
  observations: z.int(),
  attachments: z.int(),
  messages: z.int(),
  history: z.int(),
  personal_fields: z.array(z.string()),
  first_at: isoTime,
  last_at: isoTime,
});

export const ZSubjectOverview = z.strictObject({
  cpf_masked: z.string(),
  /** The audit row of this look-up: sent back by the screen's refreshes (ZSubjectLookupBody). */
  lookup_id: z.string(),
  summary: ZSummaryCounts.nullable(),
  deletions: z.array(ZLgpdRequestRow),
  accesses: z.array(ZLgpdAccessRow),
  /** Documents with this CPF created after one of its erasures (returning-identifiers.ts). */
  returned_documents: z.int(),
  /** The documents tied to the CPF, newest first (at most 100; the summary counts them all): the name masked per
   * the caller's policy, none on a record corrected to another person (subject-records.ts). */
  records: z.array(
    z.strictObject({
      id: z.int(),
      protocol: z.string(),
      status: z.string(),
      name: z.string().nullable(),
      created_at: z.string(),
      tie: z.enum(["owned", "former"]),
    }),
  ),
});

/** A request entered by hand on the data-subject page: the CPF and, for one received by e-mail or letter, how,
 * when (a past or present day, America/Sao_Paulo) and a note. */
export const ZSubjectRequestBody = z
  .object({
    cpf: z.string().trim().min(1).max(20),
    channel: z.enum(LGPD_CHANNELS).nullish(),
    received_on: localDayField.nullish(),
    note: z.string().trim().max(1000).nullish(),
  })
  .strict();
export type TSubjectRequestBody = z.infer<typeof ZSubjectRequestBody>;

/** Whether the instance's deletion requests wait for the officer's review, and those waiting now. */
export const ZLgpdReviewSettingBody = z
  .strictObject({ enabled: z.boolean().optional(), four_eyes: z.boolean().optional() })
  .refine((body) => body.enabled !== undefined || body.four_eyes !== undefined, {
    message: "enabled or four_eyes is required",
  });
export const ZLgpdReviewOverview = z.strictObject({
  enabled: z.boolean(),
  /** Whoever entered a request by hand cannot approve it (lib/lgpd/server/approve-deletion.ts). */
  four_eyes: z.boolean(),
  awaiting: z.array(ZLgpdRequestRow),
  /** The ids among `awaiting` that the caller entered (with four eyes on, someone else approves them). */
  entered_by_you: z.array(z.int()),
  /** Documents created with a CPF that had been erased before, in the whole instance. */
  returned_documents: z.int(),
});
export const ZLgpdDenyBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });
/** Reopening a denied deletion: the CPF typed again (the request keeps none readable) and why it is reopened. */
export const ZLgpdReopenBody = z.strictObject({
  cpf: z.string().trim().min(1).max(20),
  reason: z.string().trim().min(3).max(500),
});

/** A legal hold (Art. 16 I): a product or a status, its legal basis and period. */
export const ZLegalHoldBody = z
  .strictObject({
    product_id: z.int().positive().nullish(),
    status_id: z.int().positive().nullish(),
    basis: z.string().trim().min(3).max(300),
    period_years: z.int().min(1).max(100),
  })
  .refine((body) => (body.product_id == null) !== (body.status_id == null), {
    message: "Choose a product or a status",
    path: ["product_id"],
  });
export const ZLegalHold = z.strictObject({
  id: z.int(),
  product_id: z.int().nullable(),
  status_id: z.int().nullable(),
  scope_name: z.string(),
  basis: z.string(),
  period_years: z.int(),
  created_at: isoTime,
});
export const ZLegalHoldList = z.strictObject({ items: z.array(ZLegalHold) });

/**
 * The import preview's rows, as the import itself takes them (lib/documents/import-rows.ts, at most MAX_IMPORT_ROWS):
 * the check answers for the rows the import would write, never for a bare list of CPFs.
 */
export const ZErasedCheckBody = z.strictObject({ rows: importBodySchema.shape.rows });
/** The positions (0-based) of the rows whose CPF was erased before in this instance. */
export const ZErasedCheckAnswer = z.strictObject({ erased: z.array(z.int()) });

export const ZSubjectAccessCreated = z.strictObject({ created: z.boolean(), request: ZLgpdAccessRow });
export const ZSubjectDeletionCreated = z.strictObject({ created: z.boolean(), request: ZLgpdRequestRow });

/** The instance's LGPD answer deadline: 15 days, or 30 for small processing agents. */
export const ZLgpdDeadlineBody = z.strictObject({ deadline_days: z.union([z.literal(15), z.literal(30)]) });
export const ZLgpdDeadline = z.strictObject({ deadline_days: z.int() });
