// The audit trail's CSV export (admins): the filtered set as Brazilian spreadsheets open it (`;`, UTF-8 with BOM,
// lib/csv/spreadsheet.ts), Portuguese headers, each row's sentence beside its code, São Paulo time, personal values
// masked; audited with its filters and count.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { SPREADSHEET_BOM, spreadsheetLines } from "../../csv/spreadsheet.ts";
import { getDb } from "../../db/client.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { DEFAULT_TIME_ZONE } from "../../time/zone.ts";
import { auditEventLabel, auditSentence, type AuditTranslate } from "../audit-sentence.ts";
import type { TAuditFilters } from "../schemas.ts";
import { auditFiltersOf, auditWhere, rowContext, serializeAuditRow } from "./audit-rows.ts";
import { recordAudit } from "./record-audit.ts";

/** Rows past this many are not exported (the page says to narrow the filters). */
const AUDIT_EXPORT_LIMIT = 50_000;
/** Rows read per query, so the users' names and protocols are read per batch too. */
const BATCH = 1_000;

const when = new Intl.DateTimeFormat("pt-BR", {
  timeZone: DEFAULT_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The filtered set as CSV, personal values masked; the export is audited with its filters. */
export async function exportAuditCsv(
  ctx: UseCaseContext,
  filters: TAuditFilters,
): Promise<{ csv: string; count: number }> {
  const { actor } = ctx;
  // The file is for the officer's spreadsheet in Brazil: Portuguese whatever the screen's language.
  const t = translatorFor("pt-BR", "audit") as unknown as AuditTranslate;
  const where = await auditWhere(actor.instanceId, filters);
  const db = await getDb();
  const lines: Array<Array<string | null>> = [
    ["id", "when", "actor", "event", "sentence", "protocol", "record", "reason", "code", "details"].map((key) =>
      t(`csv.${key}`),
    ),
  ];
  let count = 0;
  let after: bigint | null = null;
  while (count < AUDIT_EXPORT_LIMIT) {
    // Keyset batches (after the last row read), so the 50th batch costs what the first did.
    const rows: Awaited<ReturnType<typeof db.auditLog.findMany>> = await db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...(after === null ? {} : { cursor: { id: after }, skip: 1 }),
      take: Math.min(BATCH, AUDIT_EXPORT_LIMIT - count),
    });
    after = rows.at(-1)?.id ?? null;
    const context = await rowContext(actor.instanceId, rows);
    for (const row of rows) {
      const item = serializeAuditRow(row, false, context);
      lines.push([
        item.id,
        when.format(row.createdAt),
        item.actor_name,
        auditEventLabel(t, item.action),
        auditSentence(t, item),
        item.protocol,
        item.document_id !== null ? String(item.document_id) : item.entity_id,
        item.reason,
        item.action,
        JSON.stringify(item.details),
      ]);
    }
    count += rows.length;
    if (rows.length < BATCH) break;
  }
  await recordAudit(db, actor, {
    action: "audit.export",
    entity: "audit",
    entityId: null,
    details: { filters: auditFiltersOf(filters), count },
  });
  return { csv: `${SPREADSHEET_BOM}${spreadsheetLines(lines)}`, count };
}
