// Activates an inactive retention rule once the admin confirmed what it takes (retention_rule.activate).
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { conflict } from "../../errors/app-error.ts";
import { nextRunSql, retentionSettings } from "../config.ts";
import { countMatching } from "./matching-documents.ts";
import { retentionRuleById } from "./list-retention-rules.ts";
import { findRule, scopeOf } from "./rule-rows.ts";

/**
 * Activates an inactive rule: `confirmCount` must be what it would take now (the preview's total), or the answer is
 * 409 with the current count — the admin confirms what will actually go. The first run is the next run hour.
 */
export async function activateRetentionRule(ctx: UseCaseContext, input: { id: number; confirmCount: number }) {
  const { actor } = ctx;
  const { id } = input;
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    if (rule.status === "pending") throw conflict("The rule is already active", { code: "retention_rule_active" });
    const count = await countMatching(sql, scopeOf(rule));
    if (count !== input.confirmCount) {
      throw conflict(`The rule would now take ${count} documents: preview it again`, {
        code: "retention_count_changed",
        params: { count },
      });
    }
    await sql(
      `UPDATE "RetentionRule"
          SET status = 'pending', "activatedAt" = now(), "updatedAt" = now(), attempts = 0, "lastError" = NULL,
              "leaseOwner" = NULL, "leaseUntil" = NULL, "notBefore" = ${nextRunSql("$2")}
        WHERE id = $1`,
      [id, retentionSettings().runHour],
    );
    await recordAuditSql(sql, actor, {
      action: "retention_rule.activate",
      entity: "retention_rule",
      entityId: id,
      details: {
        confirmed_count: count,
        years: Number(rule.years),
        months: Number(rule.months),
        days: Number(rule.days),
        action: rule.action,
      },
    });
  });
  return retentionRuleById(ctx, id);
}
