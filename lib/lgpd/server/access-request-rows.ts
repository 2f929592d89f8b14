// Access requests (LGPD Art. 18 II, 19): recorded like deletion requests (one pending row per CPF, keyed hash and mask),
// built by the access queue (access-queue.ts), answered by the status API with a signed, expiring download link. The
// use-cases are request-access.ts (the LGPD API), request-access-by-staff.ts and describe-access-request.ts.
// Not marked server-only: the bench reads it.
import "server-only";
import type { Db, LgpdAccessRequest } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { accessDownloadPath } from "./access-link.ts";
import { cpfDigitsOf, findOrInsertPending, pendingRequestFields, type RequestEntry } from "./pending-request-rows.ts";

/**
 * Records an access request for `cpf`, or returns the one already pending for it (the unique (instanceId,
 * pendingKey) index, as deletion requests). A request whose package is built is answered by status; a new POST then
 * builds a fresh one.
 */
export async function recordAccessRequest(
  db: Tx | Db,
  instanceId: number,
  cpf: string,
  entry: RequestEntry,
): Promise<{ request: LgpdAccessRequest; created: boolean }> {
  const fields = pendingRequestFields(instanceId, cpfDigitsOf(cpf), entry);
  return findOrInsertPending(
    "access request",
    () =>
      db.lgpdAccessRequest.findUnique({
        where: { instanceId_pendingKey: { instanceId, pendingKey: fields.pendingKey } },
      }),
    async () => (await db.lgpdAccessRequest.createManyAndReturn({ data: fields, skipDuplicates: true }))[0],
  );
}

/** Whether the request's package can be downloaded at `now`. */
export function packageAvailable(row: LgpdAccessRequest, now = new Date()): boolean {
  return row.status === "done" && row.packageCipher !== null && !!row.expiresAt && row.expiresAt > now;
}

/**
 * The status answer of an access request: status, details (counts and times; the reason when error; when the
 * package was deleted), and while the package is available, the signed `download_url` and `expires_at`.
 */
export function accessStatusAnswer(row: LgpdAccessRequest, instanceSlug: string, origin: string) {
  const stored = row.details && typeof row.details === "object" ? (row.details as Record<string, unknown>) : {};
  const details: Record<string, unknown> =
    row.status === "pending"
      ? { requested_at: row.requestedAt.toISOString(), ...(row.attempts > 0 ? { failed_attempts: row.attempts } : {}) }
      : { ...stored, ...(row.packageDeletedAt ? { package_deleted_at: row.packageDeletedAt.toISOString() } : {}) };
  const available = packageAvailable(row);
  return {
    message: "Request found" as const,
    status: row.status,
    details,
    ...(available
      ? {
          download_url: `${origin}${accessDownloadPath(instanceSlug, row.id, row.expiresAt!)}`,
          expires_at: row.expiresAt!.toISOString(),
        }
      : {}),
  };
}
