// The audit trail (admins): the instance's audit rows filtered by who, what entity, which action and when, newest
// first; personal values in `details` masked unless revealed (the reveal is audited), and the CSV export of the
// filtered set (audited with its filters and count).
import "server-only";
import Papa from "papaparse";
import type { Actor } from "../../auth/actor.ts";
import { getDb, type Prisma } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { localDayRange } from "../../time/local-day.ts";
import { auditActorDisplay, maskAuditDetails } from "../audit-view.ts";
import type { TAuditFilters, TAuditSearchBody } from "../schemas.ts";
import { recordAudit } from "./record-audit.ts";

/** Rows past this many are not exported (the page says to narrow the filters). */
export const AUDIT_EXPORT_LIMIT = 50_000;

function whereOf(instanceId: number, filters: TAuditFilters): Prisma.AuditLogWhereInput {
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

function serialize(row: AuditRow, reveal: boolean) {
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

const filtersOf = ({ actor, entity, entity_id, action, from, to }: TAuditFilters) =>
  Object.fromEntries(Object.entries({ actor, entity, entity_id, action, from, to }).filter(([, value]) => value));

export async function searchAudit(actor: Actor, query: TAuditSearchBody) {
  const where = whereOf(actor.instanceId, query);
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
  ]);
  if (query.reveal) {
    await recordAudit(db, actor, {
      action: "audit.reveal",
      entity: "audit",
      entityId: null,
      details: { filters: filtersOf(query), rows: rows.map((row) => String(row.id)) },
    });
  }
  return {
    items: rows.map((row) => serialize(row, query.reveal)),
    total,
    page: query.page,
    page_size: query.page_size,
    revealed: query.reveal,
  };
}

const CSV_COLUMNS = [
  "id",
  "created_at",
  "actor",
  "actor_type",
  "actor_label",
  "action",
  "entity",
  "entity_id",
  "details",
];

/** The filtered set as CSV (UTF-8 with BOM), personal values masked; the export is audited with its filters. */
export async function exportAuditCsv(actor: Actor, filters: TAuditFilters): Promise<{ csv: string; count: number }> {
  const where = whereOf(actor.instanceId, filters);
  const db = await getDb();
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: AUDIT_EXPORT_LIMIT,
  });
  const data = rows.map((row) => {
    const item = serialize(row, false);
    const cells = [item.id, item.created_at, item.actor, item.actor_type, item.actor_label, item.action, item.entity];
    return [...cells, item.entity_id ?? "", JSON.stringify(item.details)].map((cell) =>
      /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell,
    );
  });
  await recordAudit(db, actor, {
    action: "audit.export",
    entity: "audit",
    entityId: null,
    details: { filters: filtersOf(filters), count: rows.length },
  });
  return { csv: `\uFEFF${Papa.unparse({ fields: CSV_COLUMNS, data }, { newline: "\r\n" })}`, count: rows.length };
}
