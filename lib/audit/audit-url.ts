// The audit page's filters as typed URL state (nuqs parsers): who, which event, which protocol, the days and the page
// live in the URL, so a reload, back/forward or a link sent to a colleague keep them. A CPF never does: typed in the
// protocol-or-CPF box it stays in the page's memory (components/audit/audit-trail-view.tsx), so a person's
// identifier never reaches history, logs or the Referer. No server-only imports.
import { createParser, parseAsInteger, parseAsString } from "nuqs";

/** A calendar day YYYY-MM-DD; anything else reads as absent. */
const parseAsDay = createParser({
  parse: (value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : null;
  },
  serialize: (value: string) => value,
});

/** Text a CPF could be (digits, dots, dashes, spaces, 11 digits): kept out of the URL. */
export function looksLikeCpf(value: string): boolean {
  return /^[\d.\-\s]+$/.test(value) && value.replace(/\D/g, "").length === 11;
}

/** A protocol for the URL; a CPF reads as absent (it would otherwise land in the address). */
const parseAsProtocol = createParser({
  parse: (value: string) => (value.trim() && value.length <= 64 && !looksLikeCpf(value) ? value.trim() : null),
  serialize: (value: string) => value,
});

export const auditUrl = {
  actor: parseAsString,
  action: parseAsString,
  protocol: parseAsProtocol,
  entity: parseAsString,
  entity_id: parseAsString,
  from: parseAsDay,
  to: parseAsDay,
  page: parseAsInteger.withDefault(1),
};
