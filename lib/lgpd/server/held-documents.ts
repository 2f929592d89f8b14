// Which of an erasure's documents a legal hold keeps (LGPD Art. 16 I): a hold names a product or a status, a legal
// basis and a period in years; a document matches while its finish date (or, still open, the erasure's moment) plus
// the period lies ahead. Not marked server-only: the worker's erasure (erase-tied-data.ts) imports it outside Next.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";

/** One hold as the receipt names it: what it covers, why, how many of the person's documents it kept, until when. */
export type KeptByHold = {
  hold_id: number;
  basis: string;
  period_years: number;
  scope: "product" | "status";
  scope_name: string;
  documents: number;
  /** The latest end of the kept documents' periods (ISO time). */
  until: string;
};

/**
 * The held documents among `ids` (locked by the caller), each with the one hold that keeps it longest, and the
 * receipt's summary per hold.
 */
export async function heldDocuments(
  sql: Sql,
  instanceId: number,
  ids: number[],
): Promise<{ heldIds: number[]; holds: KeptByHold[] }> {
  if (ids.length === 0) return { heldIds: [], holds: [] };
  const { rows } = await sql<{
    documentId: number;
    holdId: number;
    basis: string;
    periodYears: number;
    scope: "product" | "status";
    scopeName: string;
    until: Date | string;
  }>(
    `SELECT DISTINCT ON (d.id) d.id AS "documentId", h.id AS "holdId", h.basis, h."periodYears",
            CASE WHEN h."productId" IS NOT NULL THEN 'product' ELSE 'status' END AS scope,
            COALESCE(p.name, s.name, '') AS "scopeName",
            COALESCE(d."dateFinished", now()) + make_interval(years => h."periodYears") AS until
       FROM "Document" d
       JOIN "LgpdLegalHold" h ON h."instanceId" = d."instanceId"
                             AND (h."productId" = d."productId" OR h."statusId" = d."statusId")
       LEFT JOIN "Product" p ON p.id = h."productId"
       LEFT JOIN "Status" s ON s.id = h."statusId"
      WHERE d."instanceId" = $1 AND d.id = ANY($2::text::int[])
        AND COALESCE(d."dateFinished", now()) + make_interval(years => h."periodYears") > now()
      ORDER BY d.id, until DESC, h.id`,
    [instanceId, `{${ids.join(",")}}`],
  );
  const byHold = new Map<number, KeptByHold>();
  for (const row of rows) {
    const until = new Date(row.until).toISOString();
    const entry = byHold.get(Number(row.holdId));
    if (entry) {
      entry.documents += 1;
      if (until > entry.until) entry.until = until;
    } else {
      byHold.set(Number(row.holdId), {
        hold_id: Number(row.holdId),
        basis: row.basis,
        period_years: Number(row.periodYears),
        scope: row.scope,
        scope_name: row.scopeName,
        documents: 1,
        until,
      });
    }
  }
  return {
    heldIds: rows.map((row) => Number(row.documentId)).sort((a, b) => a - b),
    holds: [...byHold.values()].sort((a, b) => a.hold_id - b.hold_id),
  };
}
