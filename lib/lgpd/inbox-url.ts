// The officer's inbox filter as typed URL state (nuqs parsers): kind, status, assignee and page, so a reload,
// back/forward or a shared link keep them. Nothing personal is a filter here (the CPF is looked up on the data-subject
// page). The assignee is "me" ("Minhas"), "none" ("Sem responsável") or a staff member's id.
// No server-only imports.
import { createParser, parseAsInteger, parseAsStringLiteral } from "nuqs";
import { LGPD_SHOWN_STATUSES } from "./shown-status.ts";

export const LGPD_INBOX_KIND_FILTERS = ["access", "deletion"] as const;

export type LgpdInboxAssigneeFilter = "me" | "none" | number;

const parseAsAssignee = createParser<LgpdInboxAssigneeFilter>({
  parse: (value) => (value === "me" || value === "none" ? value : /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null),
  serialize: (value) => String(value),
});

export const lgpdInboxUrl = {
  kind: parseAsStringLiteral(LGPD_INBOX_KIND_FILTERS),
  status: parseAsStringLiteral(LGPD_SHOWN_STATUSES),
  responsavel: parseAsAssignee,
  page: parseAsInteger.withDefault(1),
};
