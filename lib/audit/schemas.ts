// The audit trail page's filters and answers (admins). Shared by the server and the browser.
import { z } from "zod";
import { AUDIT_ENTITIES } from "./entries.ts";

export const ZAuditFilters = z
  .object({
    /** Part of the actor's label (an e-mail, a token's name, cli, worker), any case. */
    actor: z.string().trim().max(200).nullish(),
    entity: z.enum(AUDIT_ENTITIES).nullish(),
    /** Exact entity id (a document's id for its timeline). */
    entity_id: z.string().trim().max(100).nullish(),
    /** An exact action (`status.update`) or its prefix (`status.`). */
    action: z.string().trim().max(100).nullish(),
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
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  details: z.unknown(),
  masked: z.boolean(),
});

export const ZAuditPage = z.strictObject({
  items: z.array(ZAuditRow),
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
  revealed: z.boolean(),
});
