// The LGPD page's filter as typed URL state (nuqs parsers): status, requested from/to and the page live in the URL so
// a reload, back/forward or a shared link keep them. The CPF never does: it stays in
// the page's memory (components/lgpd/lgpd-requests-view.tsx), so a holder's identifier never reaches history, logs or the Referer.
// No server-only imports.
import { createParser, parseAsInteger, parseAsStringLiteral } from "nuqs";
import { LGPD_SHOWN_STATUSES } from "./shown-status.ts";

/** The states the page filters by: the API's four and the officer's denial apart (shown-status.ts). */
export const LGPD_REQUEST_STATUSES = LGPD_SHOWN_STATUSES;

/** A calendar day YYYY-MM-DD, kept as text (the API takes it as text); anything else reads as absent. */
const parseAsLocalDay = createParser({
  parse: (value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : null;
  },
  serialize: (value: string) => value,
});

export const lgpdRequestsUrl = {
  status: parseAsStringLiteral(LGPD_REQUEST_STATUSES),
  from: parseAsLocalDay,
  to: parseAsLocalDay,
  page: parseAsInteger.withDefault(1),
};

/** The URL parameters' names the filter may write: none of them holds a CPF. */
export const LGPD_URL_KEYS = Object.keys(lgpdRequestsUrl);
