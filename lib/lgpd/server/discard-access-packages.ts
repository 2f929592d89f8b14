// What a deletion of a CPF does to its access packages (deletion-queue.ts, inside the erasure's transaction).
// Not marked server-only: `npm run worker` (scripts/worker.ts) imports it outside Next.
import type { Sql } from "../../db/sql-session.ts";

/** A deletion of the CPF removes its access packages, pending (closed in error) or built (bytes and link gone). */
export async function discardAccessPackagesSql(sql: Sql, instanceId: number, cpfHash: string): Promise<void> {
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
      WHERE "instanceId" = $1 AND "cpfHash" = $2 AND "packageCipher" IS NOT NULL`,
    [instanceId, cpfHash, now],
  );
}
