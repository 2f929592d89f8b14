// The erasure itself: everything tied to a CPF in one instance, deleted or masked inside the caller's transaction.
// The deletion queue (deletion-queue.ts) runs it under a lease, in the same transaction that marks the request done.
import "server-only";
import {
  SEARCH_TEXT_COLUMNS,
  searchTextSql,
  type SearchTextColumn,
  type SearchTextTable,
} from "../../db/search-text.ts";
import { heldDocuments, type KeptByHold } from "./held-documents.ts";
import { ERASURE_SCOPE, type MaskedColumn } from "../erasure-scope.ts";
import { maskJson, maskText, personMatcher, type PersonMatcher, type PersonTerms } from "../person-mask.ts";
import type { Sql } from "../../db/sql-session.ts";
import { formerPeriods, maskPositions, valueAt } from "../identifier-periods.ts";
import { formerShares, historiesOf, type FormerShare } from "./tied-documents.ts";

export type DeletedCounts = { documents: number; observations: number; attachments: number; history: number };

const ZERO: DeletedCounts = { documents: 0, observations: 0, attachments: 0, history: 0 };

/**
 * The whole erasure, inside the caller's transaction (docs/privacy.md, "Identity over time"): the documents whose
 * identifier is the CPF now are locked and deleted with their children (or anonymised when a legal hold keeps
 * them); in the documents corrected from the CPF to another person, only what the history says was the person's is
 * masked — the current owner's document, fields, files and notes stay whole. Then, in every row of the instance
 * that stays, the CPF in any punctuation and the person's names, e-mails and phones (her documents' current and past
 * values, never a value another holder's period owns) are replaced by a mask (erasure-scope.ts). `masked` counts
 * the rows rewritten; `ownedIds`, the person's documents (deleted or held), whose packages must go.
 */
export async function eraseTiedData(
  sql: Sql,
  instanceId: number,
  digits: string,
): Promise<{
  deleted: DeletedCounts;
  masked: number;
  documents: ErasedDocument[];
  kept: KeptDocuments;
  ownedIds: number[];
  corrected: number;
}> {
  const { rows } = await sql<ErasedDocument>(
    `SELECT id, uuid::text AS uuid, protocol FROM "Document"
      WHERE "instanceId" = $1 AND "cpfDigits" = $2 ORDER BY id FOR UPDATE`,
    [instanceId, digits],
  );
  const ownedIds = rows.map((row) => Number(row.id));
  // Locked too: their history is rewritten below.
  const shares = await formerShares(sql, instanceId, digits, { lock: true });
  // The documents are locked: nothing can attach new rows to them until we commit.
  // The person's names, e-mails and phones are read from every document of hers, held or not, and from her periods
  // in corrected records, before anything changes.
  const terms = await personTermsOf(sql, ownedIds, digits, shares);
  // Legal holds (Art. 16 I): held documents stay, anonymised where the obligation allows (docs/privacy.md).
  const { heldIds, holds } = await heldDocuments(sql, instanceId, ownedIds);
  if (heldIds.length) await anonymiseHeld(sql, idArray(heldIds.map((id) => ({ id }))));
  const held = new Set(heldIds);
  const erased = rows.filter((row) => !held.has(Number(row.id)));
  const ids = idArray(erased);
  let deleted = { ...ZERO };
  if (erased.length) {
    const remove = async (table: string, column: string) =>
      (await sql(`DELETE FROM "${table}" WHERE "${column}" = ANY($1::text::int[])`, [ids])).rowCount;
    const observations = await remove("Observation", "documentId");
    const attachments = await remove("Attachment", "documentId");
    const history = await remove("DocumentHistory", "documentId");
    const documents = await remove("Document", "id");
    deleted = { documents, observations, attachments, history };
  }
  await maskFormerPeriods(sql, shares);
  const matcher = personMatcher({ cpfs: [digits], ...terms });
  const masked = matcher ? await maskRemainingRows(sql, instanceId, matcher) : 0;
  return {
    deleted,
    masked,
    documents: erased.map(({ id, uuid, protocol }) => ({ id: Number(id), uuid, protocol })),
    kept: { documents: heldIds.length, holds },
    ownedIds,
    corrected: shares.length,
  };
}

const ERASED_VALUE = "***";

/**
 * In each record corrected from the person to someone else, her values in the history (every position of her
 * periods, identifier-periods.ts) become the mask; the rows keep which field changed, when and by whom.
 */
async function maskFormerPeriods(sql: Sql, shares: FormerShare[]): Promise<void> {
  const changes: { id: string; changes: string }[] = [];
  for (const share of shares) {
    const positions = share.periods.flatMap((period) => period.positions);
    for (const entry of share.history) {
      if (!positions.some((position) => position.rowId === entry.id)) continue;
      changes.push({ id: entry.id, changes: JSON.stringify(maskPositions(entry, positions, ERASED_VALUE)) });
    }
  }
  if (changes.length === 0) return;
  await sql(
    `UPDATE "DocumentHistory" AS t SET changes = v.changes::jsonb
       FROM jsonb_to_recordset($1::text::jsonb) AS v(id text, changes text)
      WHERE t.id = v.id::bigint`,
    [JSON.stringify(changes)],
  );
}

/** What legal holds kept of the person: the count of documents and, per hold, its basis and the end of its period. */
export type KeptDocuments = { documents: number; holds: KeptByHold[] };

/**
 * A held document keeps what the obligation needs (the identifier and name, its content, attachments, observations
 * and history, masked by the pass that follows like any other row); its contact channels go: e-mail and phone are
 * cleared and its queued or sent e-mails deleted.
 */
async function anonymiseHeld(sql: Sql, ids: string): Promise<void> {
  await sql(`UPDATE "Document" SET email = NULL, phone = NULL WHERE id = ANY($1::text::int[])`, [ids]);
  await sql(`DELETE FROM "OutboxMessage" WHERE "documentId" = ANY($1::text::int[])`, [ids]);
}

/** A deleted document as the erasure notice names it: what receivers that were sent it hold it by. */
export type ErasedDocument = { id: number; uuid: string; protocol: string };

const idArray = (rows: { id: number }[]) => `{${rows.map((row) => Number(row.id)).join(",")}}`;

/**
 * The names, e-mails and phones of the person: her documents' current values and their history's before/after
 * values — except the values a former holder's period owns (a record corrected to her keeps that person's values) —
 * and her own values in records corrected away from her.
 */
async function personTermsOf(
  sql: Sql,
  ownedIds: number[],
  digits: string,
  shares: FormerShare[],
): Promise<Omit<PersonTerms, "cpfs">> {
  const terms = { name: new Set<string>(), email: new Set<string>(), phone: new Set<string>() };
  const add = (field: string | undefined, value: unknown) => {
    if (field && typeof value === "string" && value.trim() && field in terms) {
      terms[field as keyof typeof terms].add(value);
    }
  };
  if (ownedIds.length) {
    const ids = idArray(ownedIds.map((id) => ({ id })));
    const current = await sql<{ name: string | null; email: string | null; phone: string | null }>(
      `SELECT name, email, phone FROM "Document" WHERE id = ANY($1::text::int[])`,
      [ids],
    );
    for (const row of current.rows) for (const field of ["name", "email", "phone"] as const) add(field, row[field]);
    for (const history of (await historiesOf(sql, ownedIds)).values()) {
      const others = new Set(
        formerPeriods(history)
          .filter((period) => period.identifier !== digits)
          .flatMap((period) => period.positions.map((p) => `${p.rowId}:${p.index}:${p.side}`)),
      );
      for (const entry of history) {
        entry.changes.forEach((change, index) => {
          if (!change) return;
          for (const side of ["before", "after"] as const) {
            if (!others.has(`${entry.id}:${index}:${side}`)) add(change.field, change[side]);
          }
        });
      }
    }
  }
  for (const share of shares) {
    for (const position of share.periods.flatMap((period) => period.positions)) {
      if (position.key !== undefined) continue;
      add(
        share.history.find((entry) => entry.id === position.rowId)?.changes[position.index]?.field,
        valueAt(share.history, position),
      );
    }
  }
  return { names: [...terms.name], emails: [...terms.email], phones: [...terms.phone] };
}

/**
 * Rewrites the `masked` columns of the instance's rows that mention the person (erasure-scope.ts): candidates are
 * found in SQL with the matcher's PostgreSQL form, masked here (JSON value by value, so it stays valid JSON).
 */
async function maskRemainingRows(sql: Sql, instanceId: number, matcher: PersonMatcher): Promise<number> {
  let rewritten = 0;
  for (const [table, rule] of Object.entries(ERASURE_SCOPE)) {
    if (!rule.masked || !rule.rows) continue;
    const columns = Object.entries(rule.masked);
    const { where, params, indexed } = candidateCondition(table, columns, matcher);
    // The planner prices the search text's expression as cheap and, when a term is common, reads the whole table
    // computing it for every row (seconds) instead of asking the trigram index: for this statement a sequential
    // scan is the last resort (SET LOCAL: this transaction only, reset right after).
    if (indexed) await sql(`SET LOCAL enable_seqscan = off`);
    const { rows } = await sql<Record<string, string | null>>(
      `SELECT id::text AS id, ${columns.map(([column]) => `"${column}"::text AS "${column}"`).join(", ")}
         FROM "${table}"
        WHERE (${rule.rows}) AND (${where})`,
      [instanceId, ...params],
    );
    if (indexed) await sql(`RESET enable_seqscan`);
    // The rows' new values (null: the column stays), written by one statement per table.
    const changes: Record<string, string | null>[] = [];
    for (const row of rows) {
      // Most candidates of a loose pre-selection (a person with many phones: any eight digits) mention none of the
      // terms: the cheap test on the stored text skips them without parsing their JSON.
      if (!columns.some(([column, kind]) => row[column] != null && matcher.mayChange(row[column]!, kind === "json"))) {
        continue;
      }
      const change: Record<string, string | null> = { id: row.id! };
      let changed = false;
      for (const [column, kind] of columns) {
        const value = row[column];
        change[column] = null;
        if (value == null) continue;
        const [before, after] =
          kind === "json"
            ? [JSON.stringify(JSON.parse(value)), JSON.stringify(maskJson(JSON.parse(value), matcher))]
            : [value, maskText(value, matcher)];
        if (before === after) continue;
        change[column] = after;
        changed = true;
      }
      if (changed) changes.push(change);
    }
    if (changes.length === 0) continue;
    const sets = columns.map(
      ([column, kind]) => `"${column}" = COALESCE(v."${column}"${kind === "json" ? "::jsonb" : ""}, t."${column}")`,
    );
    await sql(
      `UPDATE "${table}" AS t SET ${sets.join(", ")}
         FROM jsonb_to_recordset($1::text::jsonb) AS v(id text, ${columns.map(([column]) => `"${column}" text`).join(", ")})
        WHERE t.id = v.id::bigint`,
      [JSON.stringify(changes)],
    );
    rewritten += changes.length;
  }
  return rewritten;
}

// Which rows of a table the erasure must look at for the person's terms (the masking pass above).
/**
 * Above this many digit terms and term groups (a person whose 500 documents each had another phone), the index
 * lookups cost more than reading the table once: 500 phones among 20,000 documents took 23 s through the index and
 * 9.6 s with the regular expression on the same (loaded) machine, docs/benchmarks.md.
 */
const MAX_INDEXED_TERMS = 32;

/**
 * The rows of `table` that may mention the person (parameters from $2; $1 is the instance). A table whose masked
 * columns all feed its trigram-indexed search text is narrowed through that index (one condition per group of terms,
 * see PersonMatcher.indexed); the others (small tables), and every table for a person with very many terms, are read
 * with the matcher's regular expression on each column.
 */
export function candidateCondition(
  table: string,
  columns: [string, MaskedColumn][],
  matcher: PersonMatcher,
): { where: string; params: string[]; indexed: boolean } {
  const indexed: readonly SearchTextColumn[] | undefined = SEARCH_TEXT_COLUMNS[table as SearchTextTable];
  const terms = matcher.indexed.digits.length + matcher.indexed.groups.length;
  if (
    !indexed ||
    terms > MAX_INDEXED_TERMS ||
    !columns.every(([column]) => indexed.some((entry) => entry.column === column))
  ) {
    const where = columns.map(([column]) => `"${column}"::text ~ $2`).join(" OR ");
    return { where, params: [matcher.sql], indexed: false };
  }
  const text = searchTextSql(table as SearchTextTable);
  // One scan per group, united: with the groups OR-ed in one scan, PostgreSQL rechecks every candidate row against
  // every group, computing the search text each time (10 s for 1,500 rows and 60 groups).
  const params: string[] = [];
  const { digits, groups } = matcher.indexed;
  const scans = groups.map((group) => {
    const conditions = group.map((pattern) => `${text} ~ $${params.push(pattern) + 1}`);
    return `SELECT id FROM "${table}" WHERE ${conditions.join(" AND ")}`;
  });
  // All digit terms in one scan: the index looks each pattern up, the recheck is a plain LIKE per pattern.
  // Passed as an array literal (digits and % need no quoting), like the id lists of the lease heartbeat (lib/jobs/server/lease.ts).
  if (digits.length) {
    const literal = `{${digits.join(",")}}`;
    scans.push(`SELECT id FROM "${table}" WHERE ${text} LIKE ANY($${params.push(literal) + 1}::text::text[])`);
  }
  return { where: scans.length ? `id IN (${scans.join(" UNION ALL ")})` : "false", params, indexed: true };
}
