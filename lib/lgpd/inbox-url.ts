// The officer's inbox filter as typed URL state (nuqs parsers): kind, status and page, so a reload, back/forward or a
// shared link keep them. Nothing personal is a filter here (the CPF is looked up on the data-subject page).
// No server-only imports.
import { parseAsInteger, parseAsStringLiteral } from "nuqs";
import { LGPD_SHOWN_STATUSES } from "./shown-status.ts";

export const LGPD_INBOX_KIND_FILTERS = ["access", "deletion"] as const;

export const lgpdInboxUrl = {
  kind: parseAsStringLiteral(LGPD_INBOX_KIND_FILTERS),
  status: parseAsStringLiteral(LGPD_SHOWN_STATUSES),
  page: parseAsInteger.withDefault(1),
};
