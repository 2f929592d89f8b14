// Which rows of a table an LGPD erasure must look at for the person's terms (the masking pass of erase-tied-data.ts).
// Not marked server-only: the worker imports it outside Next.
import "server-only";
import {
  SEARCH_TEXT_COLUMNS,
  searchTextSql,
  type SearchTextColumn,
  type SearchTextTable,
} from "../../db/search-text.ts";
import type { MaskedColumn } from "../erasure-scope.ts";
import type { PersonMatcher } from "../person-mask.ts";

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
