// What the admin's LGPD request use-cases share: a request row as the pages see it (only the masked CPF leaves the
// server) and the refusal of a CPF that is not valid.
import "server-only";
import type { LgpdRequest } from "../../db/client.ts";
import { AppError, invalid } from "../../errors/app-error.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import type { LGPD_CHANNELS, LGPD_REVIEWS } from "../schemas.ts";

/** An LGPD request for the admin page: only the masked CPF leaves the server. */
export function serializeLgpdRequest(row: LgpdRequest) {
  return {
    id: row.id,
    cpf_masked: row.cpfMasked,
    status: row.status,
    source: row.source,
    attempts: row.attempts,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    last_error: row.lastError,
    details: row.details ?? null,
    channel: (row.channel as LgpdChannel | null) ?? null,
    received_at: row.receivedAt?.toISOString() ?? null,
    note: row.note,
    review: (row.review as LgpdReview | null) ?? null,
    review_reason: row.reviewReason,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
export type LgpdChannel = (typeof LGPD_CHANNELS)[number];
export type LgpdReview = (typeof LGPD_REVIEWS)[number];
export function invalidCpf(): AppError {
  return invalid(RETRY_ERRORS.invalidCpf, [{ path: "cpf", message: RETRY_ERRORS.invalidCpf }], {
    code: "invalid_cpf",
  });
}
