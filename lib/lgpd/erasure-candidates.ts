// Which rows of a table an LGPD erasure must look at for the person's terms (the masking pass in processor.ts).
// Not marked server-only: the worker imports it outside Next.
import { SEARCH_TEXT_COLUMNS, searchTextSql, type SearchTextColumn, type SearchTextTable } from "../db/search-text.ts";
import type { MaskedColumn } from "./erasure-scope.ts";
import type { PersonMatcher } from "./person-mask.ts";

/**
 * The rows of `table` that may mention the person (parameters from $2; $1 is the instance). A table whose masked
 * columns all feed its trigram-indexed search text is narrowed through that index, one condition per term; the
 * others (small tables) are read with the matcher's regular expression on each column.
 */
export function candidateCondition(
  table: string,
  columns: [string, MaskedColumn][],
  matcher: PersonMatcher,
): { where: string; params: string[] } {
  const indexed: readonly SearchTextColumn[] | undefined = SEARCH_TEXT_COLUMNS[table as SearchTextTable];
  if (!indexed || !columns.every(([column]) => indexed.some((entry) => entry.column === column))) {
    return { where: columns.map(([column]) => `"${column}"::text ~ $2`).join(" OR "), params: [matcher.sql] };
  }
  const text = searchTextSql(table as SearchTextTable);
  const params = [...matcher.indexed.like, ...matcher.indexed.regex];
  const operator = (index: number) => (index < matcher.indexed.like.length ? "LIKE" : "~");
  const where = params.map((_, index) => `${text} ${operator(index)} $${index + 2}`).join(" OR ");
  return { where: where || "false", params };
}
