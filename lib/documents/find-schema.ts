// The staff "find anything" box (POST /api/documents/find): one text, answered with the documents it finds
// and, for each, what matched. No server-only imports: the header's box uses the same types.
import { z } from "zod";

export const FIND_LIMIT = 20;
/** Words shorter than this are not looked for inside texts (a trigram index needs three characters). */
export const FIND_MIN_WORD = 3;

export const ZFindDocumentsBody = z.strictObject({
  q: z.string().trim().min(1).max(100),
});

const FIND_FIELDS = ["protocol", "cpf", "name", "email", "column"] as const;

/**
 * What a caller's masking policy kept a typed text from being searched as: the first digits of a CPF masked for
 * them (found only whole), an e-mail or a name they see masked. The boxes say it in words instead of "nothing found".
 */
export const WITHHELD_SEARCHES = ["cpf_prefix", "email", "name"] as const;
export type WithheldSearch = (typeof WITHHELD_SEARCHES)[number];
export type FindField = (typeof FIND_FIELDS)[number];

const ZFoundDocument = z.strictObject({
  id: z.int(),
  protocol: z.string(),
  /** The customer's name as the caller's masking policy shows it. */
  name: z.string().nullable(),
  status: z.strictObject({ name: z.string(), text_color: z.string(), bg_color: z.string() }),
  product: z.strictObject({ id: z.int(), name: z.string() }),
  created_at: z.iso.datetime(),
  /** What matched: the field, the product column's key when field is "column", and the value as the caller may see it. */
  matched: z.strictObject({ field: z.enum(FIND_FIELDS), key: z.string().nullable(), value: z.string() }),
});
export type FoundDocument = z.infer<typeof ZFoundDocument>;

export const ZFindDocumentsResult = z.strictObject({
  items: z.array(ZFoundDocument),
  /** More documents match than the FIND_LIMIT shown: the caller should type more. */
  more: z.boolean(),
  /** The text was too short to look inside names, e-mails and columns (protocol and CPF were still tried). */
  too_short: z.boolean(),
  /** What the caller's masking policy kept the text from being searched as (see WITHHELD_SEARCHES). */
  withheld: z.array(z.enum(WITHHELD_SEARCHES)),
});
export type FindDocumentsResult = z.infer<typeof ZFindDocumentsResult>;

/** The protocols a typed text may mean: as typed, without spaces, and YYYYMMDD-NNNNNN when it is 14 bare digits. */
export function protocolCandidates(q: string): string[] {
  const trimmed = q.trim();
  const compact = trimmed.replace(/\s+/g, "");
  const candidates = [trimmed, compact, trimmed.toUpperCase(), compact.toUpperCase()];
  const digits = compact.replace(/[-./]/g, "");
  if (/^\d{14}$/.test(digits)) candidates.push(`${digits.slice(0, 8)}-${digits.slice(8)}`);
  const spaced = /^(\d{8})[\s-]*(\d{6})$/.exec(trimmed);
  if (spaced) candidates.push(`${spaced[1]}-${spaced[2]}`);
  return [...new Set(candidates.filter(Boolean))];
}

/** The digits of a typed CPF/CNPJ (punctuation and spaces dropped), or null when it holds anything else. */
export function identifierPrefix(q: string): string | null {
  const compact = q.replace(/[\s.\-/]/g, "");
  return /^\d{3,14}$/.test(compact) ? compact : null;
}
