// The data-subject page's use-cases (admins): look a CPF up (the summary and every access and deletion request of it),
// generate an access package, request the deletion, download a package. Each one is audited with the staff user as
// actor; the CPF itself is never stored or logged (keyed hash and mask only).
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb, type LgpdAccessRequest } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { isValidCpf, maskCpf } from "../../identifiers/identifiers.ts";
import { RETRY_ERRORS } from "../retry-errors.ts";
import { decryptPackage } from "./access-package-cipher.ts";
import { packageAvailable, requestAccess } from "./access-requests.ts";
import { serializeLgpdRequest, type LgpdChannel } from "./lgpd-request-rows.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { requestDeletion } from "./requests.ts";
import { subjectSummary } from "./subject-summary.ts";
import { returnedDocumentsOf } from "./returning-identifiers.ts";
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

function digitsOf(cpf: string): string {
  if (!isValidCpf(cpf)) {
    throw invalid(RETRY_ERRORS.invalidCpf, [{ path: "cpf", message: RETRY_ERRORS.invalidCpf }], {
      code: "invalid_cpf",
    });
  }
  return cpf.replace(/\D/g, "");
}

/** Everything the page shows of one CPF: the summary (null: no data) and its requests, newest first. */
export async function subjectOverview(actor: Actor, cpf: string) {
  const digits = digitsOf(cpf);
  const cpfHash = lgpdCpfHash(digits);
  const db = await getDb();
  const where = { instanceId: actor.instanceId, cpfHash };
  const orderBy = [{ requestedAt: "desc" as const }, { id: "desc" as const }];
  const [summary, deletions, accesses, returned] = await Promise.all([
    subjectSummary(actor.instanceId, digits),
    db.lgpdRequest.findMany({ where, orderBy, take: 50 }),
    db.lgpdAccessRequest.findMany({ where, orderBy, take: 50 }),
    returnedDocumentsOf(actor.instanceId, digits),
  ]);
  // Looking a person up is itself a use of their data (counts and history): recorded, with the mask only.
  await recordAudit(db, actor, {
    action: "lgpd_subject.lookup",
    entity: "lgpd_subject",
    entityId: null,
    details: { cpf_masked: maskCpf(digits), found: summary !== null },
  });
  return {
    cpf_masked: maskCpf(digits),
    summary,
    deletions: deletions.map(serializeLgpdRequest),
    accesses: accesses.map((row) => serializeAccessRequest(row)),
    returned_documents: returned,
  };
}

/**
 * How a request entered by hand arrived: the channel, the day it was received (its start in America/Sao_Paulo; the
 * deadline counts from it; not in the future) and the officer's note. Empty for a request made here without one.
 */
function handEntry(input: Omit<TSubjectRequestBody, "cpf">) {
  const receivedAt = input.received_on ? localDayStart(input.received_on) : null;
  if (receivedAt && receivedAt.getTime() > Date.now()) {
    throw invalid("Invalid parameters", [
      { path: "received_on", message: "Must not be in the future", code: "received_in_future" },
    ]);
  }
  return { channel: input.channel ?? null, receivedAt, note: input.note || null };
}

/** An access package requested by staff (a request received by e-mail or letter): one pending per CPF. */
export async function requestAccessByStaff(actor: Actor, cpf: string, entry: Omit<TSubjectRequestBody, "cpf"> = {}) {
  const digits = digitsOf(cpf);
  const hand = handEntry(entry);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { request, created } = await requestAccess(
      actor.instanceId,
      digits,
      { source: "admin", requestedById: actor.userId, ...hand },
      tx,
    );
    if (created) {
      await recordAudit(tx, actor, {
        action: "lgpd_access.request",
        entity: "lgpd_access",
        entityId: request.id,
        details: { source: "admin", channel: hand.channel, received_at: hand.receivedAt?.toISOString() ?? null },
      });
    }
    return { created, request: serializeAccessRequest(request) };
  });
}

/** A deletion requested by staff: the same request (and queue) as the API's, source "admin". */
export async function requestDeletionByStaff(actor: Actor, cpf: string, entry: Omit<TSubjectRequestBody, "cpf"> = {}) {
  const digits = digitsOf(cpf);
  const hand = handEntry(entry);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { request, created } = await requestDeletion(
      actor.instanceId,
      digits,
      { source: "admin", requestedById: actor.userId, ...hand },
      tx,
    );
    if (created) {
      await recordAudit(tx, actor, {
        action: "lgpd_request.create",
        entity: "lgpd_request",
        entityId: request.id,
        details: {
          source: "admin",
          channel: hand.channel,
          received_at: hand.receivedAt?.toISOString() ?? null,
          review: request.review,
        },
      });
    }
    return { created, request: serializeLgpdRequest(request) };
  });
}

/** The decrypted zip of one of the instance's packages while available (null otherwise); counted and audited. */
export async function downloadPackageByStaff(actor: Actor, id: number) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.lgpdAccessRequest.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!row || !packageAvailable(row)) return null;
    const bytes = decryptPackage(row.packageCipher!);
    const { downloads } = await tx.lgpdAccessRequest.update({
      where: { id },
      data: { downloads: { increment: 1 } },
      select: { downloads: true },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_access.download",
      entity: "lgpd_access",
      entityId: id,
      details: { download: downloads, size_bytes: bytes.byteLength },
    });
    return { bytes, fileName: `acesso-lgpd-${id}.zip` };
  });
}
