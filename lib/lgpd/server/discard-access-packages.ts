// What an erasure does to the access packages holding the person's data (deletion-queue.ts, inside the erasure's
// transaction).
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import "server-only";
import type { Sql } from "../../db/sql-session.ts";
import { idArrayLiteral } from "./tied-documents.ts";

/**
 * An erasure removes the access packages that hold the erased person's data: the person's own, pending (closed in
 * error) or built (bytes and link gone), and every other built package that includes one of her documents (a record
 * corrected from another person's CPF to hers is in that person's package). `documentIds`: the erased person's
 * documents, deleted or kept by a legal hold. Runs in the erasure's transaction.
 */
export async function discardAccessPackagesSql(
  sql: Sql,
  instanceId: number,
  cpfHash: string,
  documentIds: number[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  await sql(
    `UPDATE "LgpdAccessRequest"
        SET status = 'error', "cpfPending" = NULL, "pendingKey" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL,
            "processedAt" = $3::text::timestamptz, "lastError" = 'Cancelled by a deletion request',
            details = jsonb_build_object('reason', 'Cancelled by a deletion request', 'cancelled_at', $3::text)
      WHERE "instanceId" = $1 AND "cpfHash" = $2 AND status = 'pending'`,
    [instanceId, cpfHash, now],
  );
  await sql(
    `UPDATE "LgpdAccessRequest"
        SET "packageCipher" = NULL, "packageDeletedAt" = $3::text::timestamptz, "expiresAt" = $3::text::timestamptz
      WHERE "instanceId" = $1 AND "packageCipher" IS NOT NULL
        AND ("cpfHash" = $2 OR "documentIds" && $4::text::int[])`,
    [instanceId, cpfHash, now, idArrayLiteral(documentIds)],
  );
}
