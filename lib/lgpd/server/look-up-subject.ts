// The data-subject page's look-up (admins): everything it shows of one CPF — the summary (null: no data), its access
// and deletion requests (newest first) and the documents that came back after an erasure. Audited with the mask only.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { maskCpf } from "../../identifiers/identifiers.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { serializeLgpdRequest } from "./lgpd-request-rows.ts";
import { returnedDocumentsOf } from "./returning-identifiers.ts";
import { serializeAccessRequest, subjectCpfDigits } from "./subject-rows.ts";
import { summarizeSubject } from "./summarize-subject.ts";

export async function lookUpSubject(ctx: UseCaseContext, input: { cpf: string }) {
  const { actor } = ctx;
  const digits = subjectCpfDigits(input.cpf);
  const cpfHash = lgpdCpfHash(digits);
  const db = await getDb();
  const where = { instanceId: actor.instanceId, cpfHash };
  const orderBy = [{ requestedAt: "desc" as const }, { id: "desc" as const }];
  const [summary, deletions, accesses, returned] = await Promise.all([
    summarizeSubject(ctx, { digits }),
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
