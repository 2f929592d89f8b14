// Deletes a retention rule and its runs (retention_rule.delete).
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { findRule } from "./rule-rows.ts";

export async function deleteRetentionRule(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    await sql(`DELETE FROM "RetentionRule" WHERE id = $1`, [id]);
    await recordAuditSql(sql, actor, {
      action: "retention_rule.delete",
      entity: "retention_rule",
      entityId: id,
      details: {
        product_id: rule.productId,
        category_id: rule.categoryId,
        years: rule.years,
        months: rule.months,
        days: rule.days,
        action: rule.action,
      },
    });
  });
  return { deleted: true as const, id };
}
