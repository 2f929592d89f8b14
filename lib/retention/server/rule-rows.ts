// The retention rule as its use-cases read it: the row with its product and category, found inside the instance.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";
import { notFound } from "../../errors/app-error.ts";
import type { RetentionAction } from "../schemas.ts";

export type RuleRow = {
  id: number;
  instanceId: number;
  productId: number | null;
  productName: string | null;
  categoryId: number;
  categoryLabel: string | null;
  years: number;
  months: number;
  days: number;
  action: RetentionAction;
  status: string;
  notBefore: Date;
  createdAt: Date;
  activatedAt: Date | null;
};

export const RULE_SELECT = `SELECT r.id, r."instanceId", r."productId", p.name AS "productName", r."categoryId",
    c.label AS "categoryLabel", r.years, r.months, r.days, r.action, r.status, r."notBefore", r."createdAt", r."activatedAt"
  FROM "RetentionRule" r
  LEFT JOIN "Product" p ON p.id = r."productId"
  LEFT JOIN "StatusCategory" c ON c.id = r."categoryId"`;

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
export const ruleNotFound = () => notFound("Retention rule not found", { code: "retention_rule_not_found" });

export async function findRule(sql: Sql, instanceId: number, id: number, lock = false): Promise<RuleRow> {
  // Locked first, then read: a concurrent activation or run-now waits here and reads the committed state.
  if (lock)
    await sql(`SELECT id FROM "RetentionRule" WHERE id = $1 AND "instanceId" = $2 FOR UPDATE`, [id, instanceId]);
  const { rows } = await sql<RuleRow>(`${RULE_SELECT} WHERE r."instanceId" = $1 AND r.id = $2`, [instanceId, id]);
  const row = rows[0];
  if (!row) throw ruleNotFound();
  return row;
}

export const scopeOf = (row: RuleRow) => ({
  instanceId: row.instanceId,
  productId: row.productId === null ? null : Number(row.productId),
  categoryId: Number(row.categoryId),
  years: Number(row.years),
  months: Number(row.months),
  days: Number(row.days),
  action: row.action,
});
