// The audit trail page's filters and answers (admins). Shared by the server and the browser.
import { z } from "zod";
import { AUDIT_ENTITIES } from "./entries.ts";

export const ZAuditFilters = z
  .object({
    /** The actor's label exactly as the page's list of actors gives it (an e-mail, a token's name, cli, worker). */
    actor: z.string().trim().max(200).nullish(),
    entity: z.enum(AUDIT_ENTITIES).nullish(),
    /** Exact entity id (a document's id for its timeline). */
    entity_id: z.string().trim().max(100).nullish(),
    /** An exact action (`status.update`, from the page's list of event types) or its prefix (`status.`). */
    action: z.string().trim().max(100).nullish(),
    /**
     * The person or record: a document's protocol, or a CPF (hashed on the server, never kept or logged) — the rows
     * naming that document, or that CPF's hash or one of the documents that CPF holds now.
     */
    subject: z.string().trim().max(64).nullish(),
    /** Days in America/Sao_Paulo. */
    from: z.iso.date().nullish(),
    to: z.iso.date().nullish(),
  })
  .strict();
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZAuditSearchBody = ZAuditFilters.extend({
  page: z.int().min(1).max(100_000).default(1),
  page_size: z.int().min(1).max(200).default(50),
  /** Show personal values in clear (audited as audit.reveal). */
  reveal: z.boolean().default(false),
}).strict();
export type TAuditSearchBody = z.infer<typeof ZAuditSearchBody>;

const isoTime = z.iso.datetime({ offset: true });

const ZAuditRow = z.strictObject({
  id: z.string(),
  created_at: isoTime,
  actor_type: z.string(),
  actor_label: z.string(),
  actor: z.string(),
  /** The actor as a sentence names them: a user's name, a token's or system's label in words. */
  actor_name: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The document the row is about, and its protocol while the document exists. */
  document_id: z.int().nullable(),
  protocol: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.unknown(),
  masked: z.boolean(),
});

export const ZAuditPage = z.strictObject({
  items: z.array(ZAuditRow),
  /** Counted up to a cap (a count of millions of rows would cost more than the page): see total_capped. */
  total: z.int(),
  /** More rows match than `total` says. */
  total_capped: z.boolean(),
  page: z.int(),
  page_size: z.int(),
  revealed: z.boolean(),
});

export const ZAuditActor = z.strictObject({ label: z.string(), type: z.string(), name: z.string() });
export type TAuditActor = z.infer<typeof ZAuditActor>;
