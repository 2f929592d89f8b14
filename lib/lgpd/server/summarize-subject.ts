// The simplified answer of LGPD Art. 19 I: whether the instance holds data tied to a CPF, how much of each kind and
// the first and last dates — counts and dates only, never a personal value. An unknown CPF gets the same answer as
// a CPF with nothing left ("no data"), so the answer says nothing else about it. A record corrected from the CPF to
// another person counts only as the history rows that hold the person's values there (tied-documents.ts).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { formerShares, idArrayLiteral, ownedDocumentIds, type FormerShare } from "./tied-documents.ts";

type SubjectSummary = {
  documents: number;
  observations: number;
  attachments: number;
  messages: number;
  history: number;
  /** Which personal fields the documents hold (names, not values): cpf, name, email, phone, filled_columns. */
  personal_fields: string[];
  first_at: string;
  last_at: string;
};

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/** The summary of the CPF `digits` in the caller's instance; null when nothing is tied to it. */
export async function summarizeSubject(ctx: UseCaseContext, input: { digits: string }): Promise<SubjectSummary | null> {
  const run = (await defaultSession()).query;
  const ids = await ownedDocumentIds(run, ctx.actor.instanceId, input.digits);
  const former = formerSummary(await formerShares(run, ctx.actor.instanceId, input.digits));
  if (ids.length === 0 && former.rows === 0) return null;
  const row: Record<string, unknown> = ids.length
    ? (await ownSummary(run, ids))!
    : { documents: 0, observations: 0, attachments: 0, messages: 0, history: 0 };
  const fields = ids.length ? ["cpf"] : [];
  if (Number(row.with_name) > 0) fields.push("name");
  if (Number(row.with_email) > 0) fields.push("email");
  if (Number(row.with_phone) > 0) fields.push("phone");
  if (Number(row.with_columns) > 0) fields.push("filled_columns");
  const times = [row.first_at, row.last_at, ...former.times].filter((value) => value != null).map(iso);
  return {
    documents: Number(row.documents),
    observations: Number(row.observations),
    attachments: Number(row.attachments),
    messages: Number(row.messages),
    history: Number(row.history) + former.rows,
    personal_fields: PERSONAL_FIELDS.filter((field) => fields.includes(field) || former.fields.has(field)),
    first_at: times.sort()[0]!,
    last_at: times.sort().at(-1)!,
  };
}

const PERSONAL_FIELDS = ["cpf", "name", "email", "phone", "filled_columns"];

/** Her share of records corrected to others: the history rows holding her values, their fields and dates. */
function formerSummary(shares: FormerShare[]) {
  const rows = new Set<string>();
  const fields = new Set<string>();
  const times: string[] = [];
  for (const share of shares) {
    for (const position of share.periods.flatMap((period) => period.positions)) {
      const entry = share.history.find((candidate) => candidate.id === position.rowId);
      const field = position.key === undefined ? entry?.changes[position.index]?.field : "filled_columns";
      if (field) fields.add(field.startsWith("filled_columns.") ? "filled_columns" : field);
      if (entry && !rows.has(entry.id)) {
        rows.add(entry.id);
        times.push(entry.createdAt);
      }
    }
  }
  return { rows: rows.size, fields, times };
}

async function ownSummary(run: Awaited<ReturnType<typeof defaultSession>>["query"], ids: number[]) {
  const { rows } = await run<Record<string, unknown>>(
    `WITH d AS (SELECT * FROM "Document" WHERE id = ANY($1::text::int[]))
     SELECT (SELECT count(*) FROM d)::int AS documents,
            (SELECT count(*) FROM "Observation" WHERE "documentId" = ANY($1::text::int[]))::int AS observations,
            (SELECT count(*) FROM "Attachment" WHERE "documentId" = ANY($1::text::int[]))::int AS attachments,
            (SELECT count(*) FROM "OutboxMessage" WHERE "documentId" = ANY($1::text::int[]))::int AS messages,
            (SELECT count(*) FROM "DocumentHistory" WHERE "documentId" = ANY($1::text::int[]))::int AS history,
            (SELECT count(*) FROM d WHERE name IS NOT NULL AND name <> '')::int AS with_name,
            (SELECT count(*) FROM d WHERE email IS NOT NULL AND email <> '')::int AS with_email,
            (SELECT count(*) FROM d WHERE phone IS NOT NULL AND phone <> '')::int AS with_phone,
            (SELECT count(*) FROM d WHERE "filledColumns"::text <> '{}')::int AS with_columns,
            (SELECT min("createdAt") FROM d) AS first_at,
            GREATEST((SELECT max("updatedAt") FROM d),
                     (SELECT max("createdAt") FROM "Observation" WHERE "documentId" = ANY($1::text::int[])),
                     (SELECT max("createdAt") FROM "DocumentHistory" WHERE "documentId" = ANY($1::text::int[]))) AS last_at`,
    [idArrayLiteral(ids)],
  );
  return rows[0];
}
