// What the access package's declaration says about how long the person's documents are kept (LGPD Art. 19 II: "the
// retention"): the instance's active retention rules that reach them (lib/retention) and the legal holds on their
// products or statuses (Art. 16 I, held-documents.ts). Catalogue names and numbers only, never a document's data.
// Not marked server-only: the worker builds packages outside Next.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";
import { idArrayLiteral } from "./tied-documents.ts";

export type RetentionTerms = {
  rules: { product: string | null; category: string; days: number; action: "anonymise" | "delete" }[];
  holds: { scope_name: string; basis: string; period_years: number }[];
};

export async function retentionTerms(sql: Sql, instanceId: number, documentIds: number[]): Promise<RetentionTerms> {
  if (documentIds.length === 0) return { rules: [], holds: [] };
  const list = idArrayLiteral(documentIds);
  const rules = await sql<RetentionTerms["rules"][number]>(
    `SELECT p.name AS product, c.label AS category, r.days, r.action
       FROM "RetentionRule" r
       JOIN "StatusCategory" c ON c.id = r."categoryId"
       LEFT JOIN "Product" p ON p.id = r."productId"
      WHERE r."instanceId" = $1 AND r.status = 'pending'
        AND (r."productId" IS NULL
             OR r."productId" IN (SELECT d."productId" FROM "Document" d WHERE d.id = ANY($2::text::int[])))
      ORDER BY p.name NULLS FIRST, c.label, r.days`,
    [instanceId, list],
  );
  const holds = await sql<RetentionTerms["holds"][number]>(
    `SELECT COALESCE(p.name, s.name, '') AS scope_name, h.basis, h."periodYears" AS period_years
       FROM "LgpdLegalHold" h
       LEFT JOIN "Product" p ON p.id = h."productId"
       LEFT JOIN "Status" s ON s.id = h."statusId"
      WHERE h."instanceId" = $1
        AND EXISTS (SELECT 1 FROM "Document" d
                     WHERE d.id = ANY($2::text::int[]) AND (d."productId" = h."productId" OR d."statusId" = h."statusId"))
      ORDER BY h.id`,
    [instanceId, list],
  );
  return { rules: rules.rows, holds: holds.rows };
}
