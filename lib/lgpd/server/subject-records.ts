// The records the data-subject page lists beside its counts: the documents tied to a CPF in the caller's instance
// (tied-documents.ts says how), newest first, each with its protocol so the officer can open it. Only what the
// documents list would show the same caller: the name masked when the caller's policy masks names; a record
// corrected to another person shows no name at all (the name there is the other person's now).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { maskName } from "../../documents/mask.ts";
import { maskedFieldsFor } from "../../documents/server/masking-policy.ts";
import { formerShares, idArrayLiteral, ownedDocumentIds } from "./tied-documents.ts";

/** How many records the page lists; the counts above them say how many there are in all. */
export const SUBJECT_RECORDS_LIMIT = 100;

export type SubjectRecord = {
  id: number;
  protocol: string;
  status: string;
  name: string | null;
  created_at: string;
  /** owned: the document's identifier is the CPF now; former: it was corrected away to another person. */
  tie: "owned" | "former";
};

export async function listSubjectRecords(ctx: UseCaseContext, input: { digits: string }): Promise<SubjectRecord[]> {
  const { instanceId } = ctx.actor;
  const run = (await defaultSession()).query;
  const [owned, former, masked] = await Promise.all([
    ownedDocumentIds(run, instanceId, input.digits),
    formerShares(run, instanceId, input.digits),
    maskedFieldsFor(ctx.actor),
  ]);
  const formerIds = new Set(former.map((share) => share.documentId));
  const ids = [...owned, ...formerIds];
  if (ids.length === 0) return [];
  const { rows } = await run<{ id: number; protocol: string; status: string; name: string | null; createdAt: unknown }>(
    `SELECT d.id, d.protocol, s.name AS status, d.name, d."createdAt"
       FROM "Document" d JOIN "Status" s ON s.id = d."statusId"
      WHERE d."instanceId" = $1 AND d.id = ANY($2::text::int[])
      ORDER BY d."createdAt" DESC, d.id DESC
      LIMIT ${SUBJECT_RECORDS_LIMIT}`,
    [instanceId, idArrayLiteral(ids)],
  );
  return rows.map((row) => {
    const tie = formerIds.has(Number(row.id)) ? "former" : "owned";
    const name = tie === "former" || !row.name ? null : masked.has("name") ? maskName(row.name) : row.name;
    return {
      id: Number(row.id),
      protocol: row.protocol,
      status: row.status,
      name,
      created_at: new Date(row.createdAt as string | Date).toISOString(),
      tie,
    };
  });
}
