// The settings page's list of the instance's retention rules (admins), each with its last and next run.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { retentionSettings } from "../config.ts";
import type { TRetentionRule } from "../schemas.ts";
import { iso, RULE_SELECT, ruleNotFound, type RuleRow } from "./rule-rows.ts";

/** The instance's rules, each with its last run and, when active, its next. */
export async function listRetentionRules(ctx: UseCaseContext) {
  const session = await defaultSession();
  const { rows } = await session.query<RuleRow>(`${RULE_SELECT} WHERE r."instanceId" = $1 ORDER BY r.id`, [
    ctx.actor.instanceId,
  ]);
  const runs = await session.query<{
    id: number;
    ruleId: number;
    startedAt: Date;
    finishedAt: Date;
    durationMs: number;
    processed: number;
    remaining: number;
    capped: boolean;
    error: string | null;
  }>(
    `SELECT DISTINCT ON ("ruleId") id, "ruleId", "startedAt", "finishedAt", "durationMs", processed, remaining, capped,
            error
       FROM "RetentionRun" WHERE "instanceId" = $1 ORDER BY "ruleId", "startedAt" DESC, id DESC`,
    [ctx.actor.instanceId],
  );
  const lastRun = new Map(runs.rows.map((run) => [Number(run.ruleId), run]));
  const settings = retentionSettings();
  const rules: TRetentionRule[] = rows.map((row) => {
    const run = lastRun.get(Number(row.id));
    return {
      id: Number(row.id),
      product_id: row.productId === null ? null : Number(row.productId),
      product_name: row.productName,
      category_id: Number(row.categoryId),
      category_label: row.categoryLabel ?? "",
      years: Number(row.years),
      months: Number(row.months),
      days: Number(row.days),
      action: row.action,
      active: row.status === "pending",
      created_at: iso(row.createdAt)!,
      activated_at: iso(row.activatedAt),
      next_run_at: row.status === "pending" ? iso(row.notBefore) : null,
      last_run: run
        ? {
            id: Number(run.id),
            started_at: iso(run.startedAt)!,
            finished_at: iso(run.finishedAt)!,
            duration_ms: Number(run.durationMs),
            processed: Number(run.processed),
            remaining: Number(run.remaining),
            capped: Boolean(run.capped),
            error: run.error,
          }
        : null,
    };
  });
  return { rules, run_cap: settings.runCap, run_hour: settings.runHour };
}

/** One rule as the list shows it (the answer of every change to a rule). */
export async function retentionRuleById(ctx: UseCaseContext, id: number): Promise<TRetentionRule> {
  const rule = (await listRetentionRules(ctx)).rules.find((row) => row.id === id);
  if (!rule) throw ruleNotFound();
  return rule;
}
