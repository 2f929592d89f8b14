// The data-subject page's look-up (admins): everything it shows of one CPF — the summary (null: no data), the records
// found (subject-records.ts), its access and deletion requests (newest first) and the documents that came back after an
// erasure. One audit row per deliberate look-up (the CPF's hash, never the CPF): the screen's refreshes send back the
// look-up's id and add none.
import "server-only";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { maskCpf } from "../../identifiers/identifiers.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { serializeLgpdRequest } from "./lgpd-request-rows.ts";
import { returnedDocumentsOf } from "./returning-identifiers.ts";
import { listSubjectRecords } from "./subject-records.ts";
import { serializeAccessRequest, subjectCpfDigits } from "./subject-rows.ts";
import { summarizeSubject } from "./summarize-subject.ts";

/** How long a screen's refreshes continue its look-up (a working day); past it a refresh is a new look-up. */
const LOOKUP_SCREEN_MS = 8 * 60 * 60 * 1000;

export async function lookUpSubject(ctx: UseCaseContext, input: { cpf: string; lookup_id?: string }) {
  const { actor } = ctx;
  const digits = subjectCpfDigits(input.cpf);
  const cpfHash = lgpdCpfHash(digits);
  const db = await getDb();
  const where = { instanceId: actor.instanceId, cpfHash };
  const orderBy = [{ requestedAt: "desc" as const }, { id: "desc" as const }];
  const [summary, records, deletions, accesses, returned] = await Promise.all([
    summarizeSubject(ctx, { digits }),
    listSubjectRecords(ctx, { digits }),
    db.lgpdRequest.findMany({ where, orderBy, take: 50 }),
    db.lgpdAccessRequest.findMany({ where, orderBy, take: 50 }),
    returnedDocumentsOf(actor.instanceId, digits),
  ]);
  // Looking a person up is itself a use of their data (counts and history): recorded once per look-up. A refresh is
  // recognised by its look-up's row — this actor's, this CPF's, recent — so a forged or stale id is a new look-up.
  const continued = input.lookup_id
    ? await db.auditLog.findFirst({
        where: {
          id: BigInt(input.lookup_id),
          instanceId: actor.instanceId,
          action: "lgpd_subject.lookup",
          actorType: actor.type,
          actorLabel: actor.label,
          actorId: actor.userId ?? null,
          subjectHash: cpfHash,
          createdAt: { gte: new Date(Date.now() - LOOKUP_SCREEN_MS) },
        },
        select: { id: true },
      })
    : null;
  const lookupId = continued
    ? String(continued.id)
    : (
        await recordPersonalDataAccess(db, actor, {
          action: "lgpd_subject.lookup",
          subjectHash: cpfHash,
          details: { found: summary !== null },
        })
      )[0]!;
  return {
    cpf_masked: maskCpf(digits),
    lookup_id: lookupId,
    summary,
    deletions: deletions.map(serializeLgpdRequest),
    accesses: accesses.map((row) => serializeAccessRequest(row)),
    returned_documents: returned,
    records,
  };
}
