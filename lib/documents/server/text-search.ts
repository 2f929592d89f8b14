import "server-only";
import { getDb, Prisma } from "../../db/client.ts";
import { findTextSql, foldText } from "../../db/search-text.ts";
import { FIND_MIN_WORD, identifierPrefix, protocolCandidates, type WithheldSearch } from "../find-schema.ts";
import type { PersonalField } from "../mask.ts";

// One typed text ("Raimundo", "20261207-000123", "900.600", "abc1234", "maria@") read the way the header's find box
// reads it, for the documents list's `q` filter: a protocol, the first digits of a CPF/CNPJ, or words inside the
// name, the e-mail and the product columns' values. The masking policy decides what may be searched: a field the
// caller sees masked is not searched, and a CPF masked for the caller is found only whole (a prefix search would let
// them read it digit by digit). What the policy kept out is named (`withheld`) so the page can say it in words.

export type TextSearchPlan = {
  protocols: string[];
  /** CPF/CNPJ digits: a prefix (the policy shows CPFs) or the whole identifier (masked: only 11 or 14 digits). */
  identifier: { digits: string; prefix: boolean } | null;
  /** Folded words (≥ FIND_MIN_WORD characters, at most four), each to be found in some searchable field. */
  words: string[];
  /** The name and e-mail are searched only when the caller sees them in clear. */
  searchName: boolean;
  searchEmail: boolean;
  withheld: WithheldSearch[];
};

export function planTextSearch(q: string, masked: ReadonlySet<PersonalField>): TextSearchPlan {
  const text = q.trim();
  const words = [
    ...new Set(
      foldText(text)
        .split(/\s+/)
        .filter((word) => word.length >= FIND_MIN_WORD),
    ),
  ].slice(0, 4);
  const digits = identifierPrefix(text);
  const whole = digits !== null && (digits.length === 11 || digits.length === 14);
  const withheld: WithheldSearch[] = [];
  let identifier: TextSearchPlan["identifier"] = null;
  if (digits && !masked.has("cpf")) identifier = { digits, prefix: true };
  else if (digits && whole) identifier = { digits, prefix: false };
  else if (digits) withheld.push("cpf_prefix");
  const searchName = !masked.has("name");
  const searchEmail = !masked.has("email");
  // Only named when the text is plainly one of them: an e-mail has an "@"; a name has words and no digits.
  if (!searchEmail && text.includes("@")) withheld.push("email");
  if (!searchName && words.length && !/\d/.test(text) && !text.includes("@")) withheld.push("name");
  return { protocols: protocolCandidates(text), identifier, words, searchName, searchEmail, withheld };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The list's condition for a typed text (alias `d` for "Document"): the protocol's unique index, the CPF digits'
 * btree (a range for a prefix, as the find box reads it) and the find text's trigram index, joined by OR so that
 * PostgreSQL can answer each arm from its own index (a BitmapOr). The trigram expression only narrows; the exact test
 * beside it keeps to the fields the caller may search.
 */
export function textSearchSql(plan: TextSearchPlan): Prisma.Sql {
  const arms: Prisma.Sql[] = [Prisma.sql`d.protocol = ANY(${plan.protocols}::text[])`];
  if (plan.identifier?.prefix) {
    const { digits } = plan.identifier;
    arms.push(
      Prisma.sql`(d."cpfDigits" >= ${digits}::text AND d."cpfDigits" < ${digits}::text || chr(1114111) AND d."cpfDigits" LIKE ${`${digits}%`}::text)`,
    );
  } else if (plan.identifier) arms.push(Prisma.sql`d."cpfDigits" = ${plan.identifier.digits}::text`);
  if (plan.words.length) {
    const fields = [
      ...(plan.searchName ? [`"docflow_fold"(coalesce(d."name", ''))`] : []),
      ...(plan.searchEmail ? [`"docflow_fold"(coalesce(d."email", ''))`] : []),
      `"docflow_fold"("docflow_json_values"(d."filledColumns"))`,
    ];
    const indexed = Prisma.raw(findTextSql("d"));
    const perWord = plan.words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      const exact = Prisma.join(
        fields.map((field) => Prisma.sql`${Prisma.raw(field)} LIKE ${pattern}::text`),
        " OR ",
      );
      return Prisma.sql`${indexed} LIKE ${pattern}::text AND (${exact})`;
    });
    arms.push(Prisma.sql`(${Prisma.join(perWord, " AND ")})`);
  }
  return Prisma.sql`(${Prisma.join(arms, " OR ")})`;
}

/** Past this many documents a typed text is "broad" and stays a condition of the list's own statement. */
const TEXT_SEARCH_CANDIDATES = 500;

/**
 * The list's condition for `plan` in `instanceId`, in two steps. The matching ids are first read without an order and
 * at most TEXT_SEARCH_CANDIDATES + 1 of them (each arm from its index); when that is all of them, the list's
 * statement filters by those ids, so its sort, count and other filters work on a few hundred rows. The planner cannot
 * estimate a LIKE on the find text (it guesses a handful of rows), and with the condition inline it would sort every
 * match of a common word.
 */
export async function textSearchCondition(instanceId: number, plan: TextSearchPlan): Promise<Prisma.Sql> {
  const condition = textSearchSql(plan);
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>(
    Prisma.sql`SELECT d.id FROM "Document" d WHERE d."instanceId" = ${instanceId}::int AND ${condition}
      LIMIT ${TEXT_SEARCH_CANDIDATES + 1}::int`,
  );
  // A broad text matches a large share of the instance: wrapped in COALESCE the condition is estimated at half the
  // rows and uses no index, so PostgreSQL walks the list's sort order and stops at the page (a common word's first
  // page in a few milliseconds instead of every match sorted). It is never NULL, so the wrap changes no answer.
  if (rows.length > TEXT_SEARCH_CANDIDATES) return Prisma.sql`COALESCE(${condition}, false)`;
  return Prisma.sql`d.id = ANY(${rows.map((row) => Number(row.id))}::int[])`;
}
