// What a retention rule would take now: counts per product and status and the cutoff, no document's data.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { retentionSettings } from "../config.ts";
import type { TRetentionPreview } from "../schemas.ts";
import { cutoffOf, matchingCondition } from "./matching-documents.ts";
import { findRule, scopeOf } from "./rule-rows.ts";

/** What the rule would take now: counts per product and status and the cutoff, no document's data. */
export async function previewRetentionRule(
  ctx: UseCaseContext,
  input: { id: number; now?: Date },
): Promise<TRetentionPreview> {
  const session = await defaultSession();
  const rule = await findRule(session.query, ctx.actor.instanceId, input.id);
  const scope = scopeOf(rule);
  const cutoff = cutoffOf(scope, input.now ?? new Date());
  const { where, params } = matchingCondition(scope, cutoff);
  const { rows } = await session.query<{
    productId: number;
    productName: string;
    statusId: number;
    statusName: string;
    n: string;
  }>(
    `SELECT g."productId", p.name AS "productName", g."statusId", s.name AS "statusName", g.n
       FROM (SELECT d."productId", d."statusId", count(*)::text AS n FROM "Document" d WHERE ${where}
              GROUP BY 1, 2) g
       JOIN "Product" p ON p.id = g."productId" JOIN "Status" s ON s.id = g."statusId"
      ORDER BY p.name, s.name`,
    params,
  );
  const groups = rows.map((row) => ({
    product_id: Number(row.productId),
    product_name: row.productName,
    status_id: Number(row.statusId),
    status_name: row.statusName,
    count: Number(row.n),
  }));
  return {
    rule_id: Number(rule.id),
    cutoff: cutoff.toISOString(),
    total: groups.reduce((sum, group) => sum + group.count, 0),
    run_cap: retentionSettings().runCap,
    groups,
  };
}
