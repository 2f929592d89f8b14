// What the data-subject page's use-cases share (look-up-subject.ts, request-access-by-staff.ts,
// request-deletion-by-staff.ts, download-access-package-by-staff.ts): an access request's row as the page shows it,
// the typed CPF's check and how a request entered by hand arrived. The CPF itself is never stored or logged.
import "server-only";
import type { LgpdAccessRequest } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { packageAvailable } from "./access-request-rows.ts";
import { invalidCpf, type LgpdChannel } from "./lgpd-request-rows.ts";
import type { TSubjectRequestBody } from "../schemas.ts";
import { localDayStart } from "../../time/local-day.ts";

export function serializeAccessRequest(row: LgpdAccessRequest, now = new Date()) {
  return {
    id: row.id,
    cpf_masked: row.cpfMasked,
    status: row.status,
    source: row.source,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    package_available: packageAvailable(row, now),
    package_deleted_at: row.packageDeletedAt?.toISOString() ?? null,
    downloads: row.downloads,
    details: row.details ?? null,
    last_error: row.lastError,
    channel: (row.channel as LgpdChannel | null) ?? null,
    received_at: row.receivedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** The digits of a CPF typed on the data-subject page, or the page's 400 (code invalid_cpf). */
export function subjectCpfDigits(cpf: string): string {
  if (!isValidCpf(cpf)) throw invalidCpf();
  return cpf.replace(/\D/g, "");
}

/**
 * How a request entered by hand arrived: the channel, the day it was received (its start in America/Sao_Paulo; the
 * deadline counts from it; not in the future) and the officer's note. Empty for a request made here without one.
 */
export function handEntry(input: Omit<TSubjectRequestBody, "cpf">) {
  const receivedAt = input.received_on ? localDayStart(input.received_on) : null;
  if (receivedAt && receivedAt.getTime() > Date.now()) {
    throw invalid("Invalid parameters", [
      { path: "received_on", message: "Must not be in the future", code: "received_in_future" },
    ]);
  }
  return { channel: input.channel ?? null, receivedAt, note: input.note || null };
}
