import "server-only";
import { getDb, Prisma } from "../../db/client.ts";
import { asJsonText, searchTextSql } from "../../db/search-text.ts";
import { type FieldError, invalid } from "../../errors/app-error.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { localDayEnd, localDayStart } from "../../time/local-day.ts";
import { PERSONAL_FIELDS, type PersonalField } from "../mask.ts";
import type { ColumnFilter, DocumentFilters, SlaState } from "../search-schema.ts";
import { planTextSearch, textSearchCondition } from "./text-search.ts";

// The WHERE clause of the staff documents list (./search-documents.ts) and of the dashboard's counts
// (lib/dashboard/server/count-kpis.ts): every filter of the spec's "Documents" section, always inside one instance.
// Nothing user-typed is ever concatenated into SQL text (Prisma.sql parameters).

/** Totals above this are answered as "at least this many" (total_capped). */
export const SEARCH_COUNT_CAP = 10_000;

type ColumnDefinition = { key: string; type: "string" | "number" | "date" };

/** The moment the SLA clock stopped: when the document finished, else when its pause began, else `now`. */
const clockStoppedAt = (now: Date) => Prisma.sql`COALESCE(d."dateFinished", d."pausedAt", ${now}::timestamptz)`;

/**
 * SLA state in SQL, the same rule as slaInfo() in ../sla-state.ts (keep the two in step):
 * - `no_sla`: no deadline (sla_end null);
 * - `late`: the deadline passed before the clock stopped — the clock stops when the document finished
 *   (date_finished) or, while it waits in a pause status, when the pause began (paused_at), otherwise it is `now`;
 * - `in_sla`: a deadline that has not passed by then.
 */
function slaCondition(state: SlaState, now: Date): Prisma.Sql {
  const stoppedAt = clockStoppedAt(now);
  if (state === "no_sla") return Prisma.sql`d."slaEnd" IS NULL`;
  if (state === "late") return Prisma.sql`(d."slaEnd" IS NOT NULL AND d."slaEnd" < ${stoppedAt})`;
  return Prisma.sql`(d."slaEnd" IS NOT NULL AND d."slaEnd" >= ${stoppedAt})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A condition the trigram index on the documents' search text answers (lib/db/search-text.ts), true for every
 * document whose column contains `value` (and a few more, which the exact condition beside it drops): the value is
 * looked for as it is printed inside the JSON text (a string's quotes and control characters escaped) and, when that
 * differs, as it is (a number, or nested JSON that ->> prints as is).
 */
function searchTextPrefilter(value: string): Prisma.Sql {
  const text = Prisma.raw(searchTextSql("Document", "d"));
  const forms = [...new Set([asJsonText(value), value])].map(
    (form) => Prisma.sql`${text} ILIKE ${`%${escapeLike(form)}%`} ESCAPE '\\'`,
  );
  return Prisma.sql`(${Prisma.join(forms, " OR ")})`;
}

/** filled_columns ->> key as a number when it holds one (a JSON number or numeric text), else NULL — never an error. */
function numericColumn(key: string): Prisma.Sql {
  const text = Prisma.sql`(d."filledColumns" ->> ${key}::text)`;
  return Prisma.sql`(CASE WHEN ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' THEN ${text}::numeric END)`;
}

/** filled_columns ->> key as its YYYY-MM-DD day (ISO dates and datetimes), compared byte-wise. */
function dayColumn(key: string): Prisma.Sql {
  const text = Prisma.sql`(d."filledColumns" ->> ${key}::text)`;
  return Prisma.sql`(CASE WHEN ${text} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN left(${text}, 10) END) COLLATE "C"`;
}

function columnConditions(filters: ColumnFilter[], definitions: ColumnDefinition[]): Prisma.Sql[] {
  const errors: FieldError[] = [];
  const conditions: Prisma.Sql[] = [];
  filters.forEach((filter, index) => {
    const path = `filters.columns.${index}`;
    const definition = definitions.find((column) => column.key === filter.key);
    if (!definition) {
      errors.push({ path: `${path}.key`, message: `the product has no column "${filter.key}"` });
      return;
    }
    const key = definition.key;
    if (definition.type === "string") {
      if (filter.min !== undefined || filter.max !== undefined) {
        errors.push({ path, message: "a text column takes eq or contains" });
        return;
      }
      if (filter.eq !== undefined) conditions.push(Prisma.sql`(d."filledColumns" ->> ${key}::text) = ${filter.eq}`);
      if (filter.contains !== undefined) {
        const pattern = `%${escapeLike(filter.contains)}%`;
        conditions.push(Prisma.sql`(d."filledColumns" ->> ${key}::text) ILIKE ${pattern} ESCAPE '\\'`);
        conditions.push(searchTextPrefilter(filter.contains));
      }
      return;
    }
    if (filter.eq !== undefined || filter.contains !== undefined) {
      errors.push({ path, message: `a ${definition.type} column takes min and/or max` });
      return;
    }
    for (const [bound, operator] of [
      [filter.min, Prisma.raw(">=")],
      [filter.max, Prisma.raw("<=")],
    ] as const) {
      if (bound === undefined) continue;
      if (definition.type === "number") {
        if (typeof bound !== "number") {
          errors.push({ path, message: "a number column takes numbers" });
          continue;
        }
        conditions.push(Prisma.sql`${numericColumn(key)} ${operator} ${bound}::numeric`);
      } else {
        if (typeof bound !== "string") {
          errors.push({ path, message: "a date column takes days as YYYY-MM-DD" });
          continue;
        }
        conditions.push(Prisma.sql`${dayColumn(key)} ${operator} (${bound}::text COLLATE "C")`);
      }
    }
  });
  if (errors.length) throw invalid("Invalid parameters", errors);
  return conditions;
}

/** The WHERE clause for `filters` in `instanceId` (exported for the benchmark and the CSV export). */
export async function documentFilterSql(
  instanceId: number,
  filters: DocumentFilters,
  now = new Date(),
  /** Who "me" is (assignee: "me"); null = nobody (a token without a user), so "me" matches nothing. */
  me: number | null = null,
  /**
   * The personal fields the caller sees masked, which a typed text (`q`) does not search; every one unless told
   * otherwise, so a caller that forgets it searches less, never more.
   */
  masked: ReadonlySet<PersonalField> = new Set(PERSONAL_FIELDS),
): Promise<Prisma.Sql> {
  const conditions: Prisma.Sql[] = [Prisma.sql`d."instanceId" = ${instanceId}::int`];
  if (filters.cpf !== undefined && filters.cpf !== "") {
    conditions.push(Prisma.sql`d."cpfDigits" = ${normalizeIdentifier(filters.cpf)}::text`);
  }
  if (filters.q) conditions.push(await textSearchCondition(instanceId, planTextSearch(filters.q, masked)));
  if (filters.categories?.length) {
    conditions.push(Prisma.sql`d."statusId" IN (
      SELECT s.id FROM "Status" s JOIN "StatusCategory" c ON c.id = s."categoryId"
      WHERE s."instanceId" = ${instanceId}::int AND c.key IN (${Prisma.join(filters.categories.map((key) => Prisma.sql`${key}::text`))}))`);
  }
  if (filters.product_id !== undefined) conditions.push(Prisma.sql`d."productId" = ${filters.product_id}::int`);
  if (filters.status_ids?.length) {
    conditions.push(
      Prisma.sql`d."statusId" IN (${Prisma.join(filters.status_ids.map((id) => Prisma.sql`${id}::int`))})`,
    );
  }
  if (filters.modality_id === "none") conditions.push(Prisma.sql`d."modalityId" IS NULL`);
  else if (filters.modality_id !== undefined) {
    conditions.push(Prisma.sql`d."modalityId" = ${filters.modality_id}::int`);
  }
  if (filters.created_from) {
    conditions.push(Prisma.sql`d."createdAt" >= ${localDayStart(filters.created_from)}::timestamptz`);
  }
  if (filters.created_to) {
    conditions.push(Prisma.sql`d."createdAt" < ${localDayEnd(filters.created_to)}::timestamptz`);
  }
  if (filters.sla) conditions.push(slaCondition(filters.sla, now));
  if (filters.assignee === "none") conditions.push(Prisma.sql`d."userId" IS NULL`);
  else if (filters.assignee === "me") {
    conditions.push(me === null ? Prisma.sql`FALSE` : Prisma.sql`d."userId" = ${me}::int`);
  } else if (filters.assignee !== undefined) conditions.push(Prisma.sql`d."userId" = ${filters.assignee}::int`);
  if (filters.state) {
    // By the status's category kind, as the dashboard counts open and finished (lib/dashboard/server).
    const finished = Prisma.raw(filters.state === "finished" ? "=" : "<>");
    conditions.push(Prisma.sql`d."statusId" IN (
      SELECT s.id FROM "Status" s JOIN "StatusCategory" c ON c.id = s."categoryId"
      WHERE s."instanceId" = ${instanceId}::int AND c.kind ${finished} 'finished')`);
  }
  if (filters.due_on) {
    conditions.push(Prisma.sql`d."slaEnd" >= ${localDayStart(filters.due_on)}::timestamptz`);
    conditions.push(Prisma.sql`d."slaEnd" < ${localDayEnd(filters.due_on)}::timestamptz`);
  }
  if (filters.finished_from) {
    conditions.push(Prisma.sql`d."dateFinished" >= ${localDayStart(filters.finished_from)}::timestamptz`);
  }
  if (filters.finished_to) {
    conditions.push(Prisma.sql`d."dateFinished" < ${localDayEnd(filters.finished_to)}::timestamptz`);
  }
  if (filters.with_sla) conditions.push(Prisma.sql`d."slaEnd" IS NOT NULL`);
  if (filters.late_days_min !== undefined || filters.late_days_max !== undefined) {
    // Days late as the dashboard's histogram counts them (lib/dashboard/server/load-dashboard.ts and the
    // DashboardCount trigger): (clock stopped − sla_end) in days, for a late document only. In hours, never calendar
    // days (a day is 24 h here whatever the session's time zone): late by ≥ min days ⇔ sla_end ≤ stopped − min days.
    const stoppedAt = clockStoppedAt(now);
    conditions.push(Prisma.sql`(d."slaEnd" IS NOT NULL AND d."slaEnd" < ${stoppedAt})`);
    if (filters.late_days_min !== undefined) {
      conditions.push(
        Prisma.sql`d."slaEnd" <= ${stoppedAt} - make_interval(hours => ${filters.late_days_min * 24}::int)`,
      );
    }
    if (filters.late_days_max !== undefined) {
      conditions.push(
        Prisma.sql`d."slaEnd" > ${stoppedAt} - make_interval(hours => ${filters.late_days_max * 24}::int)`,
      );
    }
  }
  if (filters.customer_replied) conditions.push(Prisma.sql`d."customerUnread"`);
  if (filters.email_failed) {
    // The case's last e-mail failed: a failed e-mail with none after it. Read from the failed messages (the outbox's
    // status index; failures are few) rather than by one look-up of the last e-mail per listed case, which the
    // dashboard's tile would pay for every open case at each poll.
    conditions.push(Prisma.sql`d.id IN (
      SELECT m."documentId" FROM "OutboxMessage" m
      WHERE m.status = 'failed' AND m.channel = 'email' AND m."instanceId" = ${instanceId}::int
        AND m."documentId" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "OutboxMessage" later
          WHERE later."documentId" = m."documentId" AND later.channel = 'email'
            AND (later."createdAt", later.id) > (m."createdAt", m.id)))`);
  }
  if (filters.columns?.length && filters.product_id !== undefined) {
    const db = await getDb();
    const definitions = await db.productColumn.findMany({
      where: { productId: filters.product_id, product: { instanceId } },
      select: { key: true, type: true },
    });
    // A currency column filters as a number; list and yes/no columns as text (lib/columns/values.ts).
    const filterType = (type: string): ColumnDefinition["type"] =>
      type === "currency" || type === "integer" ? "number" : type === "number" || type === "date" ? type : "string";
    conditions.push(
      ...columnConditions(
        filters.columns,
        definitions.map(({ key, type }) => ({ key, type: filterType(type) })),
      ),
    );
  }
  return Prisma.join(conditions, " AND ");
}
