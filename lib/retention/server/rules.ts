// Retention rules as the settings page and its routes use them (admins of the instance): list with the last and next
// run, create (always inactive), preview, activate (naming the previewed count), deactivate, delete, run now. Every
// change is audited in its own transaction (retention_rule.*); the tenant is the actor's instance in every WHERE.
import "server-only";
import { recordAuditSql } from "../../audit/server/record-audit-sql.ts";
import type { Actor } from "../../auth/actor.ts";
import { defaultSession, type Sql } from "../../db/sql-session.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import { nextRunSql, retentionSettings } from "../config.ts";
import type { RetentionAction, TRetentionPreview, TRetentionRule, TRetentionRuleBody } from "../schemas.ts";
import { countMatching, cutoffOf, matchingCondition } from "./matching-documents.ts";
import { wakeQueue } from "../../jobs/wake-queue.ts";

type RuleRow = {
  id: number;
  instanceId: number;
  productId: number | null;
  productName: string | null;
  categoryId: number;
  categoryLabel: string | null;
  days: number;
  action: RetentionAction;
  status: string;
  notBefore: Date;
  createdAt: Date;
  activatedAt: Date | null;
};

const RULE_SELECT = `SELECT r.id, r."instanceId", r."productId", p.name AS "productName", r."categoryId",
    c.label AS "categoryLabel", r.days, r.action, r.status, r."notBefore", r."createdAt", r."activatedAt"
  FROM "RetentionRule" r
  LEFT JOIN "Product" p ON p.id = r."productId"
  LEFT JOIN "StatusCategory" c ON c.id = r."categoryId"`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const ruleNotFound = () => notFound("Retention rule not found", { code: "retention_rule_not_found" });

async function findRule(sql: Sql, instanceId: number, id: number, lock = false): Promise<RuleRow> {
  // Locked first, then read: a concurrent activation or run-now waits here and reads the committed state.
  if (lock)
    await sql(`SELECT id FROM "RetentionRule" WHERE id = $1 AND "instanceId" = $2 FOR UPDATE`, [id, instanceId]);
  const { rows } = await sql<RuleRow>(`${RULE_SELECT} WHERE r."instanceId" = $1 AND r.id = $2`, [instanceId, id]);
  const row = rows[0];
  if (!row) throw ruleNotFound();
  return row;
}

const scopeOf = (row: RuleRow) => ({
  instanceId: row.instanceId,
  productId: row.productId === null ? null : Number(row.productId),
  categoryId: Number(row.categoryId),
  days: Number(row.days),
  action: row.action,
});

/** The instance's rules, each with its last run and, when active, its next. */
export async function listRetentionRules(actor: Actor) {
  const session = await defaultSession();
  const { rows } = await session.query<RuleRow>(`${RULE_SELECT} WHERE r."instanceId" = $1 ORDER BY r.id`, [
    actor.instanceId,
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
    [actor.instanceId],
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

/** A new rule, inactive: it takes nothing until an admin activates it after its preview. */
export async function createRetentionRule(actor: Actor, body: TRetentionRuleBody) {
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
      `INSERT INTO "RetentionRule" ("instanceId", "productId", "categoryId", days, action, status)
       VALUES ($1, $2, $3, $4, $5, 'inactive') RETURNING id`,
      [actor.instanceId, body.product_id, body.category_id, body.days, body.action],
    );
    const ruleId = Number(rows[0]!.id);
    await recordAuditSql(sql, actor, {
      action: "retention_rule.create",
      entity: "retention_rule",
      entityId: ruleId,
      details: { product_id: body.product_id, category_id: body.category_id, days: body.days, action: body.action },
    });
    return ruleId;
  });
  return ruleById(actor, id);
}

async function ruleById(actor: Actor, id: number): Promise<TRetentionRule> {
  const rule = (await listRetentionRules(actor)).rules.find((row) => row.id === id);
  if (!rule) throw ruleNotFound();
  return rule;
}

/** What the rule would take now: counts per product and status and the cutoff, no document's data. */
export async function previewRetentionRule(actor: Actor, id: number, now = new Date()): Promise<TRetentionPreview> {
  const session = await defaultSession();
  const rule = await findRule(session.query, actor.instanceId, id);
  const cutoff = cutoffOf(Number(rule.days), now);
  const { where, params } = matchingCondition(scopeOf(rule), cutoff);
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

/**
 * Activates an inactive rule: `confirmCount` must be what it would take now (the preview's total), or the answer is
 * 409 with the current count — the admin confirms what will actually go. The first run is the next run hour.
 */
export async function activateRetentionRule(actor: Actor, id: number, confirmCount: number) {
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    if (rule.status === "pending") throw conflict("The rule is already active", { code: "retention_rule_active" });
    const count = await countMatching(sql, scopeOf(rule));
    if (count !== confirmCount) {
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
      details: { confirmed_count: count, days: Number(rule.days), action: rule.action },
    });
  });
  return ruleById(actor, id);
}

/** Stops a rule: a run in progress stops at its next chunk (its lease check needs an active rule). */
export async function deactivateRetentionRule(actor: Actor, id: number) {
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
  return ruleById(actor, id);
}

export async function deleteRetentionRule(actor: Actor, id: number) {
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    await sql(`DELETE FROM "RetentionRule" WHERE id = $1`, [id]);
    await recordAuditSql(sql, actor, {
      action: "retention_rule.delete",
      entity: "retention_rule",
      entityId: id,
      details: { product_id: rule.productId, category_id: rule.categoryId, days: rule.days, action: rule.action },
    });
  });
  return { deleted: true as const, id };
}

/** Makes an active rule due now (instead of at the next run hour); the worker takes it at its next poll. */
export async function runRetentionRuleNow(actor: Actor, id: number) {
  const session = await defaultSession();
  await session.transaction(async (sql) => {
    const rule = await findRule(sql, actor.instanceId, id, true);
    if (rule.status !== "pending") throw conflict("Activate the rule first", { code: "retention_rule_inactive" });
    await sql(`UPDATE "RetentionRule" SET "notBefore" = now(), "updatedAt" = now() WHERE id = $1`, [id]);
    await recordAuditSql(sql, actor, { action: "retention_rule.run_now", entity: "retention_rule", entityId: id });
  });
  wakeQueue("retention");
  return ruleById(actor, id);
}
