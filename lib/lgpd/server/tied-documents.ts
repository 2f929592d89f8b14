// Which documents of an instance are tied to a CPF: those whose identifier is it now, or was it in their history
// (the lgpd_history_identifiers index). The erasure deletes these; the access package and the summary describe them.
// Not marked server-only: the worker imports it outside Next.
import type { Sql } from "../../db/sql-session.ts";

/** The ids of the instance's documents tied to `digits` (the CPF's 11 digits), ascending. */
export async function tiedDocumentIds(sql: Sql, instanceId: number, digits: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>(
    `SELECT id FROM "Document" WHERE "instanceId" = $1 AND "cpfDigits" = $2
     UNION
     SELECT h."documentId" FROM "DocumentHistory" h JOIN "Document" d ON d.id = h."documentId"
      WHERE d."instanceId" = $1 AND "lgpd_history_identifiers"(h.changes) @> ARRAY[$2::text]
     ORDER BY 1`,
    [instanceId, digits],
  );
  return rows.map((row) => Number(row.id));
}

/** `{1,2,3}`: an id list passed as one text parameter (cast to int[] in SQL), as the erasure does. */
export const idArrayLiteral = (ids: number[]) => `{${ids.join(",")}}`;
