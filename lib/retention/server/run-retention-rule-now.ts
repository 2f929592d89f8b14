// Makes an active retention rule due now instead of at the next run hour (retention_rule.run_now).
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { conflict } from "../../errors/app-error.ts";
import { wakeQueue } from "../../jobs/polling-loop.ts";
import { retentionRuleById } from "./list-retention-rules.ts";
import { findRule } from "./rule-rows.ts";

/** Makes an active rule due now (instead of at the next run hour); the worker takes it at its next poll. */
export async function runRetentionRuleNow(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    if (rule.status !== "pending") throw conflict("Activate the rule first", { code: "retention_rule_inactive" });
    await sql(`UPDATE "RetentionRule" SET "notBefore" = now(), "updatedAt" = now() WHERE id = $1`, [id]);
    await recordAuditSql(sql, actor, { action: "retention_rule.run_now", entity: "retention_rule", entityId: id });
  });
  wakeQueue("retention");
  return retentionRuleById(ctx, id);
}
