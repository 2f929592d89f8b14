// Identity over time: a document belongs to the person its identifier names now. A person whose identifier it *had*
// owns there only what the history says was hers — the values of the personal fields that changed together with the
// identifier when it was corrected away from her, as they were while it was hers. Everything else (the fields the
// correction left alone, observations, attachments, messages) is the current owner's. The access package exports
// exactly a former holder's share, the erasure masks exactly that, and the current owner's package leaves it out.
// Pure: shared by the worker's package builder and erasure (docs/privacy.md, "Identity over time").
import { normalizeIdentifier } from "../identifiers/identifiers.ts";

/** One change of a history row's `changes` (as document create/update write it). */
export type HistoryChange = { field: string; before: unknown; after: unknown };
/** A history row; an entry of `changes` of another shape is null (indexes stay those of the stored array). */
export type HistoryEntry = { id: string; createdAt: string; changes: (HistoryChange | null)[] };

/** Where one value of the former holder sits: history row, change index, side, and a filled_columns key when the
 * change is the create row's whole `filled_columns` object. */
export type HeldValue = { rowId: string; index: number; side: "before" | "after"; key?: string };

/** One stretch during which the document carried `identifier`, ended by a correction to another one. */
export type FormerPeriod = {
  /** The identifier's digits/characters without punctuation, upper-cased (as Document.cpfDigits). */
  identifier: string;
  /** The history row of the correction, and when it happened. */
  correctionRowId: string;
  correctedAt: string;
  /** The holder's values as they were just before the correction (the `before` of each field it changed). */
  values: Record<string, unknown>;
  /** Every position in the history that holds one of the holder's values (export and erasure act on these). */
  positions: HeldValue[];
};

/**
 * The fields whose values can be a person's: the identifier, contact and the product's columns. Workflow fields
 * (status, product, modality, SLA dates, responsible user) describe the controller's handling and stay with the
 * document even when changed in the same update.
 */
const PERSONAL_FIELDS = new Set(["cpf", "name", "email", "phone", "source"]);
const isPersonal = (field: string) => PERSONAL_FIELDS.has(field) || field.startsWith("filled_columns.");

const identifierOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? normalizeIdentifier(value) : null;

/** The cpf change of a row, if any. */
const cpfChange = (entry: HistoryEntry) => entry.changes.find((change) => change?.field === "cpf");

/**
 * Every period of a document's history (rows ascending by id) in which its identifier was one that a later row
 * corrected away: the holder's values and their positions. A period starts at the row that set the identifier
 * (the create row, or a correction to it) or, without one, at the first row; it ends at the correction.
 */
export function formerPeriods(history: HistoryEntry[]): FormerPeriod[] {
  const periods: FormerPeriod[] = [];
  let start = 0;
  history.forEach((entry, index) => {
    const change = cpfChange(entry);
    if (!change) return;
    const from = identifierOf(change.before);
    const to = identifierOf(change.after);
    // A change of punctuation only (same characters) is the same person: her period goes on.
    if (from === to) return;
    if (from) periods.push(periodOf(history, start, index, from));
    start = index;
  });
  return periods;
}

function periodOf(history: HistoryEntry[], start: number, end: number, identifier: string): FormerPeriod {
  const correction = history[end]!;
  const fields = new Set(
    correction.changes.flatMap((change) => (change && isPersonal(change.field) ? [change.field] : [])),
  );
  const values: Record<string, unknown> = {};
  const positions: HeldValue[] = [];
  for (let row = start; row <= end; row += 1) {
    const entry = history[row]!;
    // The row that gave the document this identifier holds the holder's values on its `after` side only; the
    // correction, on its `before` side only; the rows in between, on both.
    const sides: ("before" | "after")[] =
      row === end ? ["before"] : row === start && cpfChange(entry) ? ["after"] : ["before", "after"];
    entry.changes.forEach((change, index) => {
      if (!change) return;
      if (fields.has(change.field)) {
        for (const side of sides) {
          if (change[side] !== null && change[side] !== undefined) positions.push({ rowId: entry.id, index, side });
        }
        if (row === end) values[change.field] = change.before;
        return;
      }
      // The create row writes filled_columns as one object: its keys the correction changed are the holder's.
      if (change.field === "filled_columns" && sides.includes("after") && isObject(change.after)) {
        for (const key of Object.keys(change.after)) {
          if (fields.has(`filled_columns.${key}`)) positions.push({ rowId: entry.id, index, side: "after", key });
        }
      }
    });
  }
  return { identifier, correctionRowId: correction.id, correctedAt: correction.createdAt, values, positions };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a position (undefined when the history no longer has it). */
export function valueAt(history: HistoryEntry[], position: HeldValue): unknown {
  const change = history.find((entry) => entry.id === position.rowId)?.changes[position.index];
  const value = change?.[position.side];
  return position.key === undefined ? value : isObject(value) ? value[position.key] : undefined;
}

/** The changes of one row with the given positions replaced by `mask` (a new array; the input is not changed). */
export function maskPositions(entry: HistoryEntry, positions: HeldValue[], mask: unknown): (HistoryChange | null)[] {
  const changes = entry.changes.map((change) =>
    isObject(change) ? { ...change, before: clone(change.before), after: clone(change.after) } : change,
  );
  for (const position of positions) {
    if (position.rowId !== entry.id) continue;
    const change = changes[position.index];
    if (!change) continue;
    if (position.key === undefined) change[position.side] = mask;
    else if (isObject(change[position.side])) (change[position.side] as Record<string, unknown>)[position.key] = mask;
  }
  return changes;
}

const clone = (value: unknown) => (isObject(value) ? { ...value } : value);
