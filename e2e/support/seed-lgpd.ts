// LGPD deletion requests for the browser tests of the LGPD page (e2e/admin-apis.spec.ts): one of each status,
// with the CPF only as its keyed hash and mask, exactly as processed requests are kept.
import { keyedHash } from "../../lib/auth/server/secrets.ts";
import type { Db } from "../../lib/db/client.ts";
import type { LgpdRequestStatus } from "../../lib/db/generated/enums.ts";
import { maskCpf } from "../../lib/identifiers/identifiers.ts";

export const E2E_LGPD = {
  /** done, with counts per kind. */
  doneCpf: "123.456.789-09",
  /** error, no other request pending: can be retried. */
  retryCpf: "111.444.777-35",
  /** error, but a pending request exists for it: retry is refused. */
  blockedCpf: "529.982.247-25",
  notFoundCpf: "390.533.447-05",
  /** Requests seeded below, all in the default instance. */
  count: 6,
} as const;

const DAY = 86_400_000;

export async function seedLgpdRequests(db: Db, instanceId: number) {
  const rows: { cpf: string; status: LgpdRequestStatus; requestedAt: string; details?: object; lastError?: string }[] =
    [
      {
        cpf: E2E_LGPD.doneCpf,
        status: "done",
        requestedAt: "2026-03-10T15:00:00Z",
        details: {
          deleted: { documents: 2, observations: 5, attachments: 1, history: 9 },
          requested_at: "2026-03-10T15:00:00.000Z",
          completed_at: "2026-03-10T15:02:00.000Z",
        },
      },
      { cpf: E2E_LGPD.notFoundCpf, status: "not_found", requestedAt: "2026-03-20T12:00:00Z" },
      {
        cpf: E2E_LGPD.retryCpf,
        status: "error",
        requestedAt: "2026-04-02T12:00:00Z",
        details: { reason: "Database timeout while deleting" },
        lastError: "Database timeout while deleting",
      },
      {
        cpf: E2E_LGPD.blockedCpf,
        status: "error",
        requestedAt: "2026-04-15T12:00:00Z",
        details: { reason: "Worker lease expired", worker: "node-2" },
        lastError: "Worker lease expired",
      },
      { cpf: E2E_LGPD.blockedCpf, status: "pending", requestedAt: "2026-05-01T12:00:00Z" },
      {
        cpf: E2E_LGPD.doneCpf,
        status: "done",
        requestedAt: "2026-05-10T12:00:00Z",
        details: { deleted: { documents: 1, observations: 0, attachments: 0, history: 3, signatures: 2 } },
      },
    ];
  for (const row of rows) {
    const digits = row.cpf.replace(/\D/g, "");
    const hash = keyedHash(digits);
    const requestedAt = new Date(row.requestedAt);
    const pending = row.status === "pending";
    await db.lgpdRequest.create({
      data: {
        instanceId,
        cpfHash: hash,
        cpfMasked: maskCpf(digits),
        status: row.status,
        cpfPending: pending ? digits : null,
        pendingKey: pending ? hash : null,
        // A year away, so a running worker leaves the seeded pending request alone.
        notBefore: pending ? new Date(Date.now() + 365 * DAY) : requestedAt,
        attempts: pending ? 0 : row.status === "error" ? 5 : 1,
        requestedAt,
        processedAt: pending ? null : new Date(requestedAt.getTime() + 120_000),
        details: row.details,
        lastError: row.lastError ?? null,
      },
    });
  }
}
