// The audit log's vocabulary, shared by every writer (lib/audit/server/record-audit.ts) and any reader: a closed
// list of entities, `<entity>.<verb>` actions, and one `details` shape — a flat JSON object of what changed or was
// made (ids, names, roles, last characters; never secrets or personal data). Who acted is in the row's own columns
// (actorType, actorLabel, actorId), never in `details`.
import { z } from "zod";

export const AUDIT_ENTITIES = [
  "instance",
  "user",
  "api_token",
  "lgpd_key",
  "lgpd_request",
  "lgpd_access",
  "lgpd_subject",
  "lgpd_hold",
  "audit",
  "category",
  "status",
  "product",
  "product_step",
  "product_column",
  "modality",
  "masking_policy",
  "webhook",
  "document",
  "retention_rule",
  "sso_settings",
] as const;
export const ZAuditEntity = z.enum(AUDIT_ENTITIES);

/** user: a staff session; token: a document-API token; system: the CLI, the worker or the tracking page's customer. */
export const ZAuditActorType = z.enum(["user", "token", "system"]);

/** One object of the entity's fields (values as JSON stores them); the actor's keys of the old shape are refused. */
export const ZAuditDetails = z
  .record(z.string(), z.unknown())
  .refine(
    (details) => !("actor_type" in details) && !("actor_id" in details),
    "The actor is in the row, not in details",
  );

export const ZAuditEntry = z.strictObject({
  entity: ZAuditEntity,
  entityId: z.union([z.string(), z.int()]).nullable(),
  /** `<entity>.<verb>`, e.g. `status.update`, `api_token.revoke`. */
  action: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  details: ZAuditDetails.optional(),
});
export type AuditEntry = z.input<typeof ZAuditEntry>;

/** `{field: {before, after}}` for the fields of `after` whose value differs from `before`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) {
      changes[key] = { before: before[key] ?? null, after: value ?? null };
    }
  }
  return changes;
}
