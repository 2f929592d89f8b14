// Which documents of an instance are tied to a CPF, and how (docs/privacy.md, "Identity over time"):
// - owned: the documents whose identifier is the CPF now — all of each is the person's;
// - formerly held: those whose history shows the CPF was corrected away (the lgpd_history_identifiers index finds
//   them) — only the values the history attributes to the person are hers (lib/lgpd/identifier-periods.ts).
// The erasure, the access package and the summary all read these two lists.
// Not marked server-only: the worker imports it outside Next.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";
import { formerPeriods, type FormerPeriod, type HistoryChange, type HistoryEntry } from "../identifier-periods.ts";

/** The ids of the instance's documents whose identifier is `digits` (the CPF's 11 digits) now, ascending. */
export async function ownedDocumentIds(sql: Sql, instanceId: number, digits: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>(
    `SELECT id FROM "Document" WHERE "instanceId" = $1 AND "cpfDigits" = $2 ORDER BY id`,
    [instanceId, digits],
  );
  return rows.map((row) => Number(row.id));
}

/** A document that had the CPF and carries another identifier now: the person's periods in it and its history. */
export type FormerShare = {
  documentId: number;
  protocol: string;
  /** The periods of this person (never another's), oldest first. */
  periods: FormerPeriod[];
  history: HistoryEntry[];
};

/**
 * The documents that had `digits` as identifier and have another now, with what their history says was the
 * person's. `lock` locks them (the erasure rewrites their history). A document whose history names the CPF only
 * as a value it was set to, never corrected away from, holds nothing of hers and is left out.
 */
export async function formerShares(
  sql: Sql,
  instanceId: number,
  digits: string,
  options: { lock?: boolean } = {},
): Promise<FormerShare[]> {
  const { rows } = await sql<{ id: number; protocol: string }>(
    `SELECT id, protocol FROM "Document"
      WHERE "instanceId" = $1 AND "cpfDigits" IS DISTINCT FROM $2
        AND id IN (SELECT "documentId" FROM "DocumentHistory" WHERE "lgpd_history_identifiers"(changes) @> ARRAY[$2::text])
      ORDER BY id${options.lock ? " FOR UPDATE" : ""}`,
    [instanceId, digits],
  );
  if (rows.length === 0) return [];
  const histories = await historiesOf(
    sql,
    rows.map((row) => Number(row.id)),
  );
  return rows
    .map((row) => {
      const history = histories.get(Number(row.id)) ?? [];
      const periods = formerPeriods(history).filter((period) => period.identifier === digits);
      return { documentId: Number(row.id), protocol: row.protocol, periods, history };
    })
    .filter((share) => share.periods.length > 0);
}

/** The history of each document, rows ascending by id, dates as ISO text and `changes` parsed. */
export async function historiesOf(sql: Sql, ids: number[]): Promise<Map<number, HistoryEntry[]>> {
  const { rows } = await sql<{ id: string; documentId: number; createdAt: Date | string; changes: unknown }>(
    `SELECT id::text AS id, "documentId", "createdAt", changes FROM "DocumentHistory"
      WHERE "documentId" = ANY($1::text::int[]) ORDER BY id`,
    [idArrayLiteral(ids)],
  );
  return groupHistories(rows.map((row) => ({ ...row, documentId: Number(row.documentId) })));
}

/** History rows (ascending by id) grouped per document as HistoryEntry lists; `changes` as stored or as text. */
export function groupHistories(
  rows: { id: unknown; documentId: number; createdAt: unknown; changes: unknown }[],
): Map<number, HistoryEntry[]> {
  const histories = new Map<number, HistoryEntry[]>();
  for (const row of rows) {
    const parsed = typeof row.changes === "string" ? (JSON.parse(row.changes) as unknown) : row.changes;
    const entry: HistoryEntry = {
      id: String(row.id),
      createdAt: new Date(row.createdAt as string | Date).toISOString(),
      changes: Array.isArray(parsed) ? parsed.map((change) => (isChange(change) ? change : null)) : [],
    };
    const list = histories.get(row.documentId) ?? [];
    list.push(entry);
    histories.set(row.documentId, list);
  }
  return histories;
}

// An entry of another shape is kept as null (so positions keep their indexes) and never attributed.
const isChange = (value: unknown): value is HistoryChange =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as HistoryChange).field === "string";

/** `{1,2,3}`: an id list passed as one text parameter (cast to int[] in SQL), as the erasure does. */
export const idArrayLiteral = (ids: number[]) => `{${ids.join(",")}}`;
