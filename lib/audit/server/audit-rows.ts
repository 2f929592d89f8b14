// What the audit trail's search and export share: the filters as a where clause (inside the actor's instance), a row
// as the page shows it (personal values masked unless revealed), the filters as the audit line of a reveal or export.
import "server-only";
import { getDb, type Prisma } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { localDayRange } from "../../time/local-day.ts";
import { auditActorDisplay, maskAuditDetails } from "../audit-view.ts";
import type { TAuditFilters } from "../schemas.ts";

export function auditWhere(instanceId: number, filters: TAuditFilters): Prisma.AuditLogWhereInput {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw invalid("Invalid parameters", [{ path: "to", message: "Must not be before from", code: "before_start" }]);
  }
  const range = localDayRange(filters.from, filters.to);
  const action = filters.action || null;
  return {
    instanceId,
    ...(filters.actor ? { actorLabel: { contains: filters.actor, mode: "insensitive" } } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.entity_id ? { entityId: filters.entity_id } : {}),
    ...(action ? (action.endsWith(".") ? { action: { startsWith: action } } : { action }) : {}),
    ...(Object.keys(range).length ? { createdAt: range } : {}),
  };
}

type AuditRow = Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>["auditLog"]["findMany"]>>[number];

export function serializeAuditRow(row: AuditRow, reveal: boolean) {
  const shown = reveal
    ? { details: row.details ?? {}, masked: false }
    : maskAuditDetails(row.details ?? {}, row.entity);
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    actor_type: row.actorType,
    actor_label: row.actorLabel,
    actor: auditActorDisplay(row.actorType, row.actorLabel),
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    details: shown.details,
    masked: shown.masked,
  };
}

export const auditFiltersOf = ({ actor, entity, entity_id, action, from, to }: TAuditFilters) =>
  Object.fromEntries(Object.entries({ actor, entity, entity_id, action, from, to }).filter(([, value]) => value));
