// Stops a retention rule (retention_rule.deactivate).
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { retentionRuleById } from "./list-retention-rules.ts";
import { findRule } from "./rule-rows.ts";

/** Stops a rule: a run in progress stops at its next chunk (its lease check needs an active rule). */
export async function deactivateRetentionRule(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    if (rule.status !== "pending") return;
    await sql(
      `UPDATE "RetentionRule" SET status = 'inactive', "updatedAt" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL
        WHERE id = $1`,
      [id],
    );
    await recordAuditSql(sql, actor, { action: "retention_rule.deactivate", entity: "retention_rule", entityId: id });
  });
  return retentionRuleById(ctx, id);
}
