// Workflow rules shared by create and update: the catalog facts a write needs (read as JSON inside the write's own
// statements, so a write stays at a few round trips), transitions, SLA dates.
import "server-only";
import { namedParams } from "../../db/named-params.ts";
import { z } from "zod";
import { CategoryKind } from "../../db/generated/enums.ts";
import type { Sql } from "../../db/raw-query.ts";
import { parseSqlJson } from "../../db/sql-json.ts";
import { conflict, invalid } from "../../errors/app-error.ts";
import { addServiceHours, DEFAULT_TIME_ZONE, type WorkingCalendar, type WorkingHours } from "../../sla/calendar.ts";

/** What a write needs of a status: its own deadline, its category's kind, and where it may move (statusRulesSql). */
export const statusRulesSchema = z.object({
  id: z.number(),
  name: z.string(),
  slaHours: z.number().nullable(),
  kind: z.enum(CategoryKind),
  transitions: z.array(z.number()),
  /** Final: with no transitions listed, a document in it moves nowhere. */
  final: z.boolean(),
  /** Entering it queues an e-mail to the customer (lib/outbox/server/enqueue.ts). */
  notify: z.boolean(),
});
type StatusRules = z.output<typeof statusRulesSchema>;

/** What a write needs of a modality: its name and calendar, holidays as YYYY-MM-DD (MODALITY_RULES_SQL). */
export const modalityRulesSchema = z.object({
  id: z.number(),
  identifier: z.string(),
  // As stored (validated when saved, lib/settings/schemas.ts): intervals per ISO weekday.
  workingHours: z
    .record(z.string(), z.array(z.tuple([z.string(), z.string()])))
    .nullable() as z.ZodType<WorkingHours | null>,
  timeZone: z.string(),
  holidays: z.array(z.string()),
});
type ModalityRules = z.output<typeof modalityRulesSchema>;

const HOUR_MS = 3_600_000;

export const missing = (field: string) =>
  invalid(`Provided ${field} parameter not exists on database`, undefined, {
    code: "unknown_reference",
    params: { field },
  });

/** SQL: the status `statusParam` of instance `instanceParam` as a StatusRules JSON object, or NULL. */
export const statusRulesSql = (statusParam: string, instanceParam: string) => `(
  SELECT json_build_object('id', s."id", 'name', s."name", 'slaHours', s."slaHours", 'kind', c."kind", 'notify', s."notifyCustomer",
    'final', s."final",
    'transitions', coalesce((SELECT json_agg(t."toStatusId") FROM "StatusTransition" t WHERE t."fromStatusId" = s."id"), '[]'::json))
  FROM "Status" s JOIN "StatusCategory" c ON c."id" = s."categoryId"
  WHERE s."id" = ${statusParam} AND s."instanceId" = ${instanceParam})`;

/** SQL: the modality row `m` as a ModalityRules JSON object. */
export const MODALITY_RULES_SQL = `json_build_object('id', m."id", 'identifier', m."identifier",
  'workingHours', m."workingHours", 'timeZone', m."timeZone",
  'holidays', coalesce((SELECT json_agg(h."date"::text) FROM "ModalityHoliday" h WHERE h."modalityId" = m."id"), '[]'::json))`;

/**
 * SQL for a CTE `m`: the modality named `identifierParam` (NULL = none), created on first use atomically, so
 * concurrent creates agree on one row. `timeZoneParam` is the time zone of a new one. The DO UPDATE writes and locks
 * an existing row until commit, which serialises the writes naming one modality; reading it instead (insert only when
 * missing) was built and measured and made the benchmark's creates worse over HTTP (lock
 * waits moved to the protocol counter, where they timed out): docs/decisions/0028-writes-two-statements.md.
 */
export const modalitySql = (instanceParam: string, identifierParam: string, timeZoneParam: string) => `
  m AS (INSERT INTO "Modality" ("instanceId", "identifier", "timeZone", "updatedAt")
    SELECT ${instanceParam}, ${identifierParam}, ${timeZoneParam}, now() WHERE ${identifierParam} IS NOT NULL
    ON CONFLICT ("instanceId", "identifier") DO UPDATE SET "identifier" = EXCLUDED."identifier"
    RETURNING *)`;

const MODALITY = namedParams({ instance: "int", identifier: "text", timeZone: "text" });
const MODALITY_SQL = `WITH ${modalitySql(MODALITY.$.instance, MODALITY.$.identifier, MODALITY.$.timeZone)}
  SELECT ${MODALITY_RULES_SQL}::text AS "modality" FROM m`;

/** The modality named `identifier`, created on first use; one statement. */
export async function resolveModality(query: Sql, instanceId: number, identifier: string): Promise<ModalityRules> {
  const {
    rows: [row],
  } = await query<{ modality: string }>(
    MODALITY_SQL,
    MODALITY.values({ instance: instanceId, identifier, timeZone: DEFAULT_TIME_ZONE }),
  );
  return parseSqlJson(modalityRulesSchema, row!.modality);
}

export function calendarOf(modality: ModalityRules | null): WorkingCalendar | null {
  if (!modality?.workingHours) return null;
  return {
    workingHours: modality.workingHours,
    holidays: new Set(modality.holidays.map((day) => day.slice(0, 10))),
    timeZone: modality.timeZone || DEFAULT_TIME_ZONE,
  };
}

/** sla_end = sla_start + sla_total (+ time spent paused), counted on the modality's calendar when it has one. */
export function slaEndFor(
  slaStart: Date,
  slaTotal: number | null,
  pausedHours: number,
  calendar: WorkingCalendar | null,
): Date | null {
  return slaTotal === null ? null : addServiceHours(slaStart, slaTotal + pausedHours, calendar);
}

/** sla_end_status = date_time + the status's own SLA hours (plain hours, as the spec defines it). */
export function statusDeadline(dateTime: Date, status: Pick<StatusRules, "slaHours">): Date | null {
  return status.slaHours === null ? null : new Date(dateTime.getTime() + status.slaHours * HOUR_MS);
}

export const isPause = (status: Pick<StatusRules, "kind">) => status.kind === "pause";
export const isFinished = (status: Pick<StatusRules, "kind">) => status.kind === "finished";

/** A status with configured transitions only lets documents move to the listed statuses; a final one without any
 * lets them move nowhere. */
export function assertTransitionAllowed(
  from: Pick<StatusRules, "id" | "name" | "transitions" | "final">,
  to: Pick<StatusRules, "id" | "name">,
): void {
  if (from.id === to.id) return;
  if (from.final && from.transitions.length === 0) {
    throw conflict(`Status "${from.name}" (${from.id}) is final: documents in it do not move`, {
      code: "status_final",
      params: { from: from.name, to: to.name },
    });
  }
  if (from.transitions.length === 0) return;
  if (from.transitions.includes(to.id)) return;
  throw conflict(`Transition from status "${from.name}" (${from.id}) to "${to.name}" (${to.id}) is not allowed`, {
    code: "transition_not_allowed",
    params: { from: from.name, to: to.name },
  });
}
