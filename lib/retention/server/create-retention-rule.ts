// A new retention rule, always inactive: audited in its transaction (retention_rule.create).
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { invalid } from "../../errors/app-error.ts";
import type { TRetentionRuleBody } from "../schemas.ts";
import { retentionRuleById } from "./list-retention-rules.ts";

/** A new rule, inactive: it takes nothing until an admin activates it after its preview. */
export async function createRetentionRule(ctx: UseCaseContext, input: TRetentionRuleBody) {
  const { actor } = ctx;
  const body = { ...input, years: input.years ?? 0, months: input.months ?? 0 };
  const session = await defaultSession();
  const id = await session.transaction(async (sql) => {
    const category = await sql<{ kind: string }>(
      `SELECT kind::text AS kind FROM "StatusCategory" WHERE id = $1 AND "instanceId" = $2`,
      [body.category_id, actor.instanceId],
    );
    if (!category.rows[0]) {
      throw invalid("Unknown category", [{ path: "category_id", message: "Unknown category", code: "unknown_value" }]);
    }
    if (category.rows[0].kind === "open") {
      throw invalid("A retention rule needs a finished or pause category", [
        { path: "category_id", message: "Open categories have no date to count from", code: "retention_open_category" },
      ]);
    }
    if (body.product_id !== null) {
      const product = await sql(`SELECT 1 FROM "Product" WHERE id = $1 AND "instanceId" = $2`, [
        body.product_id,
        actor.instanceId,
      ]);
      if (product.rowCount === 0) {
        throw invalid("Unknown product", [{ path: "product_id", message: "Unknown product", code: "unknown_value" }]);
      }
    }
    const { rows } = await sql<{ id: number }>(
      `INSERT INTO "RetentionRule" ("instanceId", "productId", "categoryId", years, months, days, action, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'inactive') RETURNING id`,
      [actor.instanceId, body.product_id, body.category_id, body.years, body.months, body.days, body.action],
    );
    const ruleId = Number(rows[0]!.id);
    await recordAuditSql(sql, actor, {
      action: "retention_rule.create",
      entity: "retention_rule",
      entityId: ruleId,
      details: {
        product_id: body.product_id,
        category_id: body.category_id,
        years: body.years,
        months: body.months,
        days: body.days,
        action: body.action,
      },
    });
    return ruleId;
  });
  return retentionRuleById(ctx, id);
}
