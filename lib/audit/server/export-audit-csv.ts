// The audit trail's CSV export (admins): the filtered set, personal values masked, audited with its filters and count.
import "server-only";
import Papa from "papaparse";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { TAuditFilters } from "../schemas.ts";
import { auditFiltersOf, serializeAuditRow, auditWhere } from "./audit-rows.ts";
import { recordAudit } from "./record-audit.ts";

/** Rows past this many are not exported (the page says to narrow the filters). */
const AUDIT_EXPORT_LIMIT = 50_000;

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
export async function exportAuditCsv(
  ctx: UseCaseContext,
  filters: TAuditFilters,
): Promise<{ csv: string; count: number }> {
  const { actor } = ctx;
  const where = auditWhere(actor.instanceId, filters);
  const db = await getDb();
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: AUDIT_EXPORT_LIMIT,
  });
  const data = rows.map((row) => {
    const item = serializeAuditRow(row, false);
    const cells = [item.id, item.created_at, item.actor, item.actor_type, item.actor_label, item.action, item.entity];
    return [...cells, item.entity_id ?? "", JSON.stringify(item.details)].map((cell) =>
      /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell,
    );
  });
  await recordAudit(db, actor, {
    action: "audit.export",
    entity: "audit",
    entityId: null,
    details: { filters: auditFiltersOf(filters), count: rows.length },
  });
  return { csv: `\uFEFF${Papa.unparse({ fields: CSV_COLUMNS, data }, { newline: "\r\n" })}`, count: rows.length };
}
