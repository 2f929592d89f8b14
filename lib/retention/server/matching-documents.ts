// Which documents a retention rule takes: of its instance, of its product (or any), whose status is in its category,
// and whose clock in that category started at least `days` days ago — the finish date for a finished category (the
// case's purpose ended then), the start of the pause for a pause category. Open categories have no such date and are
// refused when a rule is created. An anonymising rule leaves out documents already anonymised; a legal hold keeps its
// documents out of every rule until its period ends. One SQL condition,
// shared by the preview, the activation's count and the run, so the three can never disagree.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";
import { cutoffOf, type RetentionPeriod } from "../period.ts";
import type { RetentionAction } from "../schemas.ts";

/**
 * A legal hold (LGPD Art. 16 I, lib/lgpd/server/held-documents.ts) on the document's product or status whose period
 * has not ended keeps it out of every rule: retention must not anonymise or delete what the law says to keep.
 */
const HELD = `SELECT 1 FROM "LgpdLegalHold" h
   WHERE h."instanceId" = d."instanceId" AND (h."productId" = d."productId" OR h."statusId" = d."statusId")
     AND COALESCE(d."dateFinished", now()) + make_interval(years => h."periodYears") > now()`;

export type RuleScope = {
  instanceId: number;
  productId: number | null;
  categoryId: number;
} & RetentionPeriod & { action: RetentionAction };

/**
 * The WHERE condition over `Document d` and its parameters from `$first` on. `cutoff` is the moment the clock must
 * have started by (now − days).
 */
export function matchingCondition(rule: RuleScope, cutoff: Date, first = 1): { where: string; params: unknown[] } {
  const p = (n: number) => `$${first + n}`;
  return {
    where: `d."instanceId" = ${p(0)}::int
      AND d."statusId" IN (SELECT s.id FROM "Status" s WHERE s."categoryId" = ${p(1)}::int AND s."instanceId" = ${p(0)}::int)
      AND (${p(2)}::int IS NULL OR d."productId" = ${p(2)}::int)
      AND COALESCE(d."dateFinished", d."pausedAt") <= ${p(3)}::text::timestamptz
      ${rule.action === "anonymise" ? `AND d."anonymisedAt" IS NULL` : ""}
      AND NOT EXISTS (${HELD})`,
    params: [rule.instanceId, rule.categoryId, rule.productId, cutoff.toISOString()],
  };
}

export { cutoffOf };

/** How many documents the rule takes now. */
export async function countMatching(sql: Sql, rule: RuleScope, now = new Date()): Promise<number> {
  const { where, params } = matchingCondition(rule, cutoffOf(rule, now));
  const { rows } = await sql<{ n: string }>(`SELECT count(*)::text AS n FROM "Document" d WHERE ${where}`, params);
  return Number(rows[0]?.n ?? 0);
}
