// The daily retention run on the job engine (lib/jobs): an active rule is a job row of "RetentionRule" (status
// 'pending', due at notBefore). A worker claims due rules with the engine's lease (FOR UPDATE SKIP LOCKED, so two
// workers never claim the same rule) and runs each: up to RETENTION_RUN_CAP documents, in transactions of
// `chunkSize` that each check and renew the lease under the rule's row lock and lock their documents with SKIP
// LOCKED; then,
// in one transaction, records the run (counts, duration, error), audits it and moves notBefore to the next day's run
// hour — only while the lease is still its own. A worker that loses its lease stops at the next chunk; the one that
// takes over finds only what is left (anonymised documents no longer match, deleted ones are gone), so a run is
// idempotent and a rule runs once per day.
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import { systemActor } from "../../auth/actor.ts";
import type { SqlSession } from "../../db/sql-session.ts";
import { describeFailure } from "../../jobs/job.ts";
import {
  holdLease,
  LeaseLostError,
  retryDelay,
  runDueJobs,
  startJobLoop,
  type JobContext,
  type JobQueue,
  type LostOutcome,
} from "../../jobs/server/engine.ts";
import { claimLeased } from "../../jobs/server/lease.ts";
import type { PollingLoop } from "../../jobs/polling-loop.ts";
import { log } from "../../log.ts";
import { nextRunSql, retentionSettings, type RetentionSettings } from "../config.ts";
import type { RetentionAction } from "../schemas.ts";
import { anonymiseDocuments, deleteDocuments } from "./anonymise-documents.ts";
import { countMatching, cutoffOf, matchingCondition, type RuleScope } from "./matching-documents.ts";

type ClaimedRule = {
  id: number;
  instanceId: number;
  productId: number | null;
  categoryId: number;
  years: number;
  months: number;
  days: number;
  action: RetentionAction;
  attempts: number;
};

type RuleRan =
  | { id: number; outcome: "done"; processed: number; remaining: number; capped: boolean; ms: number }
  | { id: number; outcome: "error"; processed: number; error: string };

type RetentionOutcome = RuleRan | LostOutcome;

/**
 * Runs one rule. A failed run is not a failed job in the engine's sense: it is recorded (RetentionRun, audit) like
 * a finished one, then tried again after the retry delay up to maxAttempts, after which the rule waits for its next
 * daily run — so the rule keeps its bookkeeping here, and the engine its lease.
 */
async function runRule(rule: ClaimedRule, context: JobContext<RetentionSettings>): Promise<RuleRan> {
  const { session, owner, settings } = context;
  const startedAt = new Date();
  const started = performance.now();
  const scope: RuleScope = {
    ...rule,
    productId: rule.productId === null ? null : Number(rule.productId),
    years: Number(rule.years),
    months: Number(rule.months),
    days: Number(rule.days),
  };
  const cutoff = cutoffOf(scope, startedAt);
  let processed = 0;
  let failure: string | null = null;
  try {
    while (processed < settings.runCap) {
      const limit = Math.min(settings.chunkSize, settings.runCap - processed);
      const done = await session.transaction(async (sql) => {
        // The run is one batch after another on this row, which the heartbeat skips while it is locked: each batch
        // renews the lease itself (without it, bench/retention-run.ts found the run "lost" after 20 s).
        await holdLease(sql, context, rule.id);
        const { where, params } = matchingCondition(scope, cutoff, 2);
        const { rows } = await sql<{ id: number }>(
          `SELECT d.id FROM "Document" d WHERE ${where} ORDER BY d.id LIMIT $1 FOR UPDATE OF d SKIP LOCKED`,
          [limit, ...params],
        );
        const ids = rows.map((row) => Number(row.id));
        return rule.action === "delete" ? deleteDocuments(sql, ids) : anonymiseDocuments(sql, ids);
      });
      processed += done;
      if (done < limit) break;
    }
  } catch (error) {
    if (error instanceof LeaseLostError) throw new LeaseLostError({ processed });
    failure = describeFailure(error);
    log.error("retention.run_failed", { rule_id: rule.id, owner, processed, error: failure });
  }
  {
    const remaining = await countMatching(session.query, scope);
    const ms = Math.round(performance.now() - started);
    const capped = failure === null && processed >= settings.runCap && remaining > 0;
    await session.transaction(async (sql) => {
      const attempts = failure === null ? 0 : rule.attempts + 1;
      const retry = failure !== null && attempts < settings.maxAttempts;
      const { rowCount } = await sql(
        `UPDATE "RetentionRule"
            SET "notBefore" = ${retry ? `now() + make_interval(secs => $4::int)` : nextRunSql("$4")},
                attempts = $3, "lastError" = $5, "leaseOwner" = NULL, "leaseUntil" = NULL
          WHERE id = $1 AND "leaseOwner" = $2 AND status = 'pending'`,
        [rule.id, owner, attempts, retry ? retryDelay(attempts, settings) : settings.runHour, failure],
      );
      if (rowCount !== 1) throw new LeaseLostError({ processed });
      await sql(
        `INSERT INTO "RetentionRun" ("ruleId", "instanceId", "startedAt", "finishedAt", "durationMs", processed,
                                     remaining, capped, error)
         VALUES ($1, $2, $3::text::timestamptz, now(), $4, $5, $6, $7, $8)`,
        [rule.id, rule.instanceId, startedAt.toISOString(), ms, processed, remaining, capped, failure],
      );
      await recordAuditSql(sql, systemActor("worker", rule.instanceId), {
        action: "retention_rule.run",
        entity: "retention_rule",
        entityId: rule.id,
        details: {
          action: rule.action,
          cutoff: cutoff.toISOString(),
          processed,
          remaining,
          capped,
          duration_ms: ms,
          ...(failure === null ? {} : { error: failure }),
        },
      });
    });
    log.info("retention.run_done", { rule_id: rule.id, instance_id: rule.instanceId, owner, processed, remaining, ms });
    return failure === null
      ? { id: rule.id, outcome: "done", processed, remaining, capped, ms }
      : { id: rule.id, outcome: "error", processed, error: failure };
  }
}

export const retentionQueue: JobQueue<ClaimedRule, RuleRan, RetentionSettings> = {
  name: "retention",
  table: "RetentionRule",
  settings: retentionSettings,
  claim: (session, { owner, limit, settings }) =>
    claimLeased<ClaimedRule>(session, {
      table: "RetentionRule",
      owner,
      limit,
      leaseSeconds: settings.leaseSeconds,
      returning: `id, "instanceId", "productId", "categoryId", years, months, days, action, attempts`,
    }),
  run: runRule,
};

/** Claims the due rules (up to `limit`) and runs them; answers what happened to each. */
export function processDueRetention(options: {
  owner: string;
  session?: SqlSession;
  settings?: Partial<RetentionSettings>;
  limit?: number;
}): Promise<{ claimed: number; results: RetentionOutcome[] }> {
  return runDueJobs(retentionQueue, options);
}

/** Polls for due retention rules (one loop per process), beside the LGPD loops. */
export function startRetentionLoop(options: { owner?: string; unref?: boolean } = {}): PollingLoop {
  return startJobLoop(retentionQueue, options);
}
