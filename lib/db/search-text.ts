// The trigram-indexed search text of a row (prisma/migrations/*_trigram_search_text): the listed columns joined by a
// space, passed through "docflow_search_text" (the text, then its digits alone). A query must write exactly the
// index's expression for PostgreSQL to use the index, so both the documents list and the LGPD erasure build it here;
// tests/search-text-index.db.test.ts checks with EXPLAIN that each indexed table's expression is used.

export type SearchTextColumn = { column: string; kind: "text" | "json" };

/** Columns of each indexed table, in the index's order. */
export const SEARCH_TEXT_COLUMNS = {
  Document: [
    { column: "source", kind: "text" },
    { column: "filledColumns", kind: "json" },
  ],
  Observation: [
    { column: "text", kind: "text" },
    { column: "authorLabel", kind: "text" },
    { column: "attachmentName", kind: "text" },
  ],
  DocumentHistory: [
    { column: "changes", kind: "json" },
    { column: "actorLabel", kind: "text" },
  ],
} as const satisfies Record<string, readonly SearchTextColumn[]>;

export type SearchTextTable = keyof typeof SEARCH_TEXT_COLUMNS;

/** SQL text of the indexed expression for `table`, its columns qualified with `alias` when given. */
export function searchTextSql(table: SearchTextTable, alias?: string): string {
  const qualify = alias ? `${alias}.` : "";
  const parts = SEARCH_TEXT_COLUMNS[table].map(
    ({ column, kind }) => `coalesce(${qualify}"${column}"${kind === "json" ? "::text" : ""}, '')`,
  );
  return `"docflow_search_text"(${parts.join(" || ' ' || ")})`;
}

/**
 * A value as it appears inside the JSON text of a jsonb column: a string's characters escaped the way PostgreSQL
 * prints them (\" \\ \n \t \r \b \f and \u00XX for other control characters — the same as JSON.stringify for text
 * PostgreSQL can store). A search for it in the column's text must also try the value unescaped (numbers, nested
 * JSON printed by ->>), see search.ts.
 */
export function asJsonText(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

// The find box's index (prisma/migrations/*_document_find_text): a document's name, e-mail and filled_columns values,
// folded ("docflow_fold": lower case, Latin accents off). FOLD_FROM/FOLD_TO are the migration's translate() pair:
// foldText() must fold a typed word exactly as the database folds the stored text.
export const FOLD_FROM = "ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ";
export const FOLD_TO = "aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy";
const FOLD_MAP = new Map([...FOLD_FROM].map((char, index) => [char, FOLD_TO[index]!]));

/** The same as SQL "docflow_fold"(value) for the characters PostgreSQL's lower() and JavaScript's agree on. */
export function foldText(value: string): string {
  return [...value]
    .map((char) => FOLD_MAP.get(char) ?? char)
    .join("")
    .toLowerCase();
}

/** SQL text of the find index's expression, the Document columns qualified with `alias`. */
export function findTextSql(alias: string): string {
  return `"docflow_fold"(coalesce(${alias}."name", '') || ' ' || coalesce(${alias}."email", '') || ' ' || "docflow_json_values"(${alias}."filledColumns"))`;
}
