import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { defaultSession } from "../../db/sql-session.ts";
import { findTextSql, foldText } from "../../db/search-text.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import {
  FIND_LIMIT,
  FIND_MIN_WORD,
  identifierPrefix,
  protocolCandidates,
  type FindDocumentsResult,
  type FindField,
  type FoundDocument,
} from "../find-schema.ts";
import type { PersonalField } from "../mask.ts";
import { applyMaskingPolicy, maskedFieldsFor } from "./masking-policy.ts";
import { planTextSearch } from "./text-search.ts";

// The staff "find anything" box. One typed text is tried, in this order, as:
// 1. a protocol (as typed, without spaces, or 14 digits read as YYYYMMDD-NNNNNN): the unique (instance, protocol) index;
// 2. the first digits of a CPF/CNPJ (3 to 14 digits, punctuation ignored): a range on the (instance, cpfDigits,
//    createdAt) index — only when the caller sees CPFs in clear; a caller whose policy masks them finds a CPF only
//    whole, as in the list's CPF filter (a prefix search would let them read a masked CPF digit by digit);
// 3. words inside the name, the e-mail and the filled_columns values, partially and without case or accents: the
//    trigram index on their folded text (prisma/migrations/*_document_find_text). A field the caller's policy masks
//    is not searched, not even whole (finding "maria@example.com" would confirm an address the list hides: the same
//    rule as document/filter's refusal). Every word must match some field.
// Each step reads at most FIND_LIMIT + 1 ids, in no order (an ORDER BY would make PostgreSQL read every match of a
// common word before the first row); the page then sorts what it found, newest first.

type Match = { field: FindField; key: string | null };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The words to look for inside texts: folded, at least FIND_MIN_WORD long, at most four. */
function findWords(q: string): string[] {
  return [
    ...new Set(
      foldText(q)
        .split(/\s+/)
        .filter((word) => word.length >= FIND_MIN_WORD),
    ),
  ].slice(0, 4);
}

async function idsByProtocol(instanceId: number, q: string): Promise<number[]> {
  const { rows } = await rawQuery<{ id: number }>(
    `SELECT id FROM "Document" WHERE "instanceId" = $1 AND protocol = ANY($2::text[]) LIMIT 5`,
    [instanceId, protocolCandidates(q)],
  );
  return rows.map((row) => Number(row.id));
}

async function idsByIdentifier(instanceId: number, digits: string, prefix: boolean): Promise<number[]> {
  if (!prefix) {
    const { rows } = await rawQuery<{ id: number }>(
      `SELECT id FROM "Document" WHERE "instanceId" = $1 AND "cpfDigits" = $2 LIMIT $3`,
      [instanceId, digits, FIND_LIMIT + 1],
    );
    return rows.map((row) => Number(row.id));
  }
  // The range lets the btree index answer a prefix under any collation that sorts a string before its extensions
  // (chr(1114111) is the last code point); LIKE keeps the answer exact whatever the collation.
  const { rows } = await rawQuery<{ id: number }>(
    `SELECT id FROM "Document" WHERE "instanceId" = $1 AND "cpfDigits" >= $2 AND "cpfDigits" < $2 || chr(1114111)
       AND "cpfDigits" LIKE $3 LIMIT $4`,
    [instanceId, digits, `${digits}%`, FIND_LIMIT + 1],
  );
  return rows.map((row) => Number(row.id));
}

/** Candidate rows the trigram index yields that are checked one by one; past this the answer says "more". */
const FIND_CANDIDATES = 300;

async function idsByWords(
  instanceId: number,
  q: string,
  words: string[],
  masked: ReadonlySet<PersonalField>,
): Promise<{ ids: number[]; capped: boolean }> {
  const params: unknown[] = [instanceId];
  const prefilter: string[] = [];
  const exact: string[] = [];
  const values = `"docflow_fold"("docflow_json_values"(d."filledColumns"))`;
  const name = `"docflow_fold"(coalesce(d."name", ''))`;
  const email = `"docflow_fold"(coalesce(d."email", ''))`;
  const fields = [...(masked.has("name") ? [] : [name]), ...(masked.has("email") ? [] : [email]), values];
  for (const word of words) {
    params.push(`%${escapeLike(word)}%`);
    const param = `$${params.length}`;
    prefilter.push(`${findTextSql("d")} LIKE ${param}`);
    exact.push(`(${fields.map((field) => `${field} LIKE ${param}`).join(" OR ")})`);
  }
  // The index's expression narrows to at most FIND_CANDIDATES rows; the fields the caller may search decide. The
  // window's row number streams, so the outer LIMIT stops the scan as soon as enough rows matched; the candidate
  // numbered FIND_CANDIDATES comes out too and tells that the candidates ran out before the search did.
  params.push(FIND_CANDIDATES, FIND_LIMIT + 2);
  // Not a prepared statement: a generic plan cannot see the pattern, and the right plan depends on it (a word in
  // every document is read fastest by a scan that stops at the 22nd row, a rare one through the trigram index).
  const { rows } = await (
    await defaultSession()
  ).query<{ id: number; ok: boolean; n: number }>(
    `SELECT c.id, c.ok, c.n FROM (
       SELECT d.id, (${exact.join(" AND ")}) AS ok, row_number() OVER () AS n
       FROM "Document" d WHERE d."instanceId" = $1 AND ${prefilter.join(" AND ")} LIMIT $${params.length - 1}
     ) c WHERE c.ok OR c.n = $${params.length - 1} LIMIT $${params.length}`,
    params,
  );
  return {
    ids: rows.filter((row) => row.ok).map((row) => Number(row.id)),
    capped: rows.some((row) => Number(row.n) === FIND_CANDIDATES),
  };
}

function columnValues(filled: unknown): Array<[string, string]> {
  if (!filled || typeof filled !== "object" || Array.isArray(filled)) return [];
  return Object.entries(filled as Record<string, unknown>).flatMap(([key, value]) =>
    value === null || value === undefined ? [] : [[key, typeof value === "string" ? value : JSON.stringify(value)]],
  );
}

/**
 * Finds the caller's instance's documents `q` names, with what matched; personal data masked (and not searched) as
 * the instance's masking policy says for the caller's role (`masked` overrides it: the benches and tests that compare
 * policies).
 */
export async function findDocuments(
  ctx: UseCaseContext,
  input: { q: string; masked?: ReadonlySet<PersonalField> },
): Promise<FindDocumentsResult> {
  const { instanceId } = ctx.actor;
  const masked = input.masked ?? (await maskedFieldsFor(ctx.actor));
  const q = input.q.trim();
  const matches = new Map<number, Match>();
  let more = false;
  const add = (ids: number[], match: (id: number) => Match) => {
    if (ids.length > FIND_LIMIT) more = true;
    for (const id of ids.slice(0, FIND_LIMIT)) if (!matches.has(id)) matches.set(id, match(id));
  };

  add(await idsByProtocol(instanceId, q), () => ({ field: "protocol", key: null }));
  const digits = identifierPrefix(q);
  if (digits) {
    if (!masked.has("cpf")) add(await idsByIdentifier(instanceId, digits, true), () => ({ field: "cpf", key: null }));
    else if (digits.length === 11 || digits.length === 14) {
      add(await idsByIdentifier(instanceId, digits, false), () => ({ field: "cpf", key: null }));
    }
  } else if (/^[\w.\-/]+$/.test(q) && !masked.has("cpf") && /\d/.test(q) && /[A-Za-z]/.test(q)) {
    // An identifier other than CPF/CNPJ (letters and digits): found whole, upper-cased like cpfDigits.
    add(await idsByIdentifier(instanceId, normalizeIdentifier(q), false), () => ({ field: "cpf", key: null }));
  }
  const words = findWords(q);
  const byWords = words.length ? await idsByWords(instanceId, q, words, masked) : { ids: [], capped: false };
  const pendingWordIds = byWords.ids.filter((id) => !matches.has(id));
  if (byWords.ids.length > FIND_LIMIT || byWords.capped) more = true;

  const db = await getDb();
  const ids = [...matches.keys(), ...pendingWordIds];
  const documents = ids.length
    ? await db.document.findMany({
        where: { id: { in: ids }, instanceId },
        select: {
          id: true,
          protocol: true,
          cpf: true,
          name: true,
          email: true,
          phone: true,
          filledColumns: true,
          createdAt: true,
          status: { select: { name: true, textColor: true, bgColor: true } },
          product: { select: { id: true, name: true } },
        },
      })
    : [];

  const items: Array<FoundDocument & { rank: number; time: number }> = [];
  for (const document of documents) {
    const shown = applyMaskingPolicy(document, masked);
    let match = matches.get(document.id);
    let value = "";
    if (match?.field === "protocol") value = document.protocol;
    else if (match?.field === "cpf") value = shown.cpf;
    else {
      // A words match: the first field holding the first word (the SQL said every word is in some field).
      const word = words[0] ?? "";
      const named = !masked.has("name") && document.name && foldText(document.name).includes(word);
      const mailed = !masked.has("email") && document.email && foldText(document.email).includes(word);
      if (named) {
        match = { field: "name", key: null };
        value = document.name!;
      } else if (mailed) {
        match = { field: "email", key: null };
        value = document.email!;
      } else {
        const column = columnValues(document.filledColumns).find(([, text]) => foldText(text).includes(word));
        match = { field: "column", key: column?.[0] ?? null };
        value = column?.[1] ?? "";
      }
    }
    items.push({
      id: document.id,
      protocol: document.protocol,
      name: shown.name,
      status: { name: document.status.name, text_color: document.status.textColor, bg_color: document.status.bgColor },
      product: document.product,
      created_at: document.createdAt.toISOString(),
      matched: { field: match.field, key: match.key, value: value.slice(0, 200) },
      rank: match.field === "protocol" ? 0 : match.field === "cpf" ? 1 : 2,
      time: document.createdAt.getTime(),
    });
  }
  items.sort((a, b) => a.rank - b.rank || b.time - a.time || b.id - a.id);
  if (items.length > FIND_LIMIT) more = true;
  return {
    items: items.slice(0, FIND_LIMIT).map(({ rank: _rank, time: _time, ...item }) => item),
    more,
    too_short: words.length === 0 && !digits,
    withheld: planTextSearch(q, masked).withheld,
  };
}
