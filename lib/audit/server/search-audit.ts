// The audit trail (admins): the instance's audit rows filtered by who, which event, which record or person (a
// protocol or a CPF) and when, newest first; each row with its actor's name and its document's protocol, personal
// values in `details` masked unless revealed (the reveal is audited). Every filter reads an index in the newest-first
// order (prisma/schema.prisma, AuditLog), and the total is counted up to a cap, so a page stays fast over millions of
// rows (bench/audit-search.ts).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { TAuditSearchBody } from "../schemas.ts";
import { auditFiltersOf, auditWhere, rowContext, serializeAuditRow } from "./audit-rows.ts";
import { recordAudit } from "./record-audit.ts";

/** Counting stops here: "more than 10,000 rows" is all a person needs to narrow the filters. */
export const AUDIT_COUNT_CAP = 10_000;

export async function searchAudit(ctx: UseCaseContext, query: TAuditSearchBody) {
  const { actor } = ctx;
  const where = await auditWhere(actor.instanceId, query);
  const db = await getDb();
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  // The cap first: is there a row past it? (one index range read, one row sent) — only below it an exact count. A
  // count with Prisma's `take` cost 0.5 s over a month of a 1,000,000-row log (bench/audit-search.ts).
  const countCapped = async () => {
    const past = await db.auditLog.findMany({
      where,
      orderBy: order,
      skip: AUDIT_COUNT_CAP,
      take: 1,
      select: { id: true },
    });
    return past.length ? AUDIT_COUNT_CAP + 1 : db.auditLog.count({ where });
  };
  const [counted, rows] = await Promise.all([
    countCapped(),
    db.auditLog.findMany({
      where,
      orderBy: order,
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
  ]);
  if (query.reveal) {
    await recordAudit(db, actor, {
      action: "audit.reveal",
      entity: "audit",
      entityId: null,
      details: { filters: auditFiltersOf(query), rows: rows.map((row) => String(row.id)) },
    });
  }
  const context = await rowContext(actor.instanceId, rows);
  return {
    items: rows.map((row) => serializeAuditRow(row, query.reveal, context)),
    total: Math.min(counted, AUDIT_COUNT_CAP),
    total_capped: counted > AUDIT_COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    revealed: query.reveal,
  };
}
