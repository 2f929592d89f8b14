// The audit trail (admins): the instance's audit rows filtered by who, what entity, which action and when, newest
// first; personal values in `details` masked unless revealed (the reveal is audited).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { TAuditSearchBody } from "../schemas.ts";
import { auditFiltersOf, serializeAuditRow, auditWhere } from "./audit-rows.ts";
import { recordAudit } from "./record-audit.ts";

export async function searchAudit(ctx: UseCaseContext, query: TAuditSearchBody) {
  const { actor } = ctx;
  const where = auditWhere(actor.instanceId, query);
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
      details: { filters: auditFiltersOf(query), rows: rows.map((row) => String(row.id)) },
    });
  }
  return {
    items: rows.map((row) => serializeAuditRow(row, query.reveal)),
    total,
    page: query.page,
    page_size: query.page_size,
    revealed: query.reveal,
  };
}
