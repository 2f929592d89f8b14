// The documents list's state in the page URL, so a search can be shared, bookmarked and reloaded:
// ?q=…&cpf=…&cat=primary&cat=valid&product=1&status=3&modality=2&from=2026-03-01&to=2026-03-31&sla=late
//  &resp=me|none|<user id>&state=open|finished&due=2026-03-31&done_from=2026-03-30&done_to=2026-03-31&com_sla=1
//  &late_min=7&late_max=15 (modality also takes "none")
//  &col.contains.placa=ABC&col.min.valor_segurado=1000&sort=protocol&dir=asc&page=2&size=50
// Typed URL state on nuqs: one parser per URL key. The product-column filters have dynamic keys
// (`col.<op>.<column>`), which nuqs' static key map cannot name in advance, so `listUrlKeys` builds the key map for
// the column keys at hand (those in the URL, those of the products, those a new query writes). The URL shape is the
// one the hand-written parser read before, so saved links keep working (tests/search-url.test.ts compares the two).
// No server-only imports: the page (components/documents/use-list-query.ts), links and tests share it.
import { createLoader, createMultiParser, createParser, createSerializer, parseAsStringLiteral } from "nuqs";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SORT_FIELDS,
  ZDocumentFilters,
  type ColumnFilter,
  type DocumentFilters,
  type SortField,
} from "./search-schema.ts";

export type ListQuery = {
  filters: DocumentFilters;
  sort: SortField;
  direction: "asc" | "desc";
  page: number;
  page_size: number;
};

/** The list opens on "mais urgentes primeiro" (the API's own default stays created_at, newest first). */
export const DEFAULT_LIST_QUERY: ListQuery = {
  filters: {},
  sort: "urgency",
  direction: "asc",
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
};

/** A sort's direction when the URL names none: urgency reads one way (asc); the others newest/largest first. */
export function defaultDirection(sort: SortField): "asc" | "desc" {
  return sort === "urgency" ? "asc" : "desc";
}

const COLUMN_OPS = ["eq", "contains", "min", "max"] as const;
type ColumnOp = (typeof COLUMN_OPS)[number];

const COLUMN_KEY = /^col\.(eq|contains|min|max)\.(.+)$/;

const toPositiveInt = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
};
const unique = <T>(values: T[]) => [...new Set(values)];

/** A positive whole number (ids, page, size); anything else reads as absent. */
const parseAsPositiveInt = createParser({ parse: toPositiveInt, serialize: String });
/** Free text; an empty value reads as absent (the zod pass below judges its content). */
const parseAsText = createParser({ parse: (value: string) => (value === "" ? null : value), serialize: String });
/** The CPF/CNPJ box, trimmed. */
const parseAsTrimmed = createParser({
  parse: (value: string) => value.trim() || null,
  serialize: String,
});
/** `modality`: a modality id or none. */
const parseAsModality = createParser<"none" | number>({
  parse: (value) => (value === "none" ? value : toPositiveInt(value)),
  serialize: String,
});
/** `resp`: me, none or a user id. */
const parseAsAssignee = createParser<"me" | "none" | number>({
  parse: (value) => (value === "me" || value === "none" ? value : toPositiveInt(value)),
  serialize: String,
});
/** A repeated key (`cat=a&cat=b`): the non-empty values, each once. */
const parseAsCategories = createMultiParser<string[]>({
  parse: (values) => {
    const kept = unique(values.filter(Boolean));
    return kept.length ? kept : null;
  },
  serialize: (values) => values,
  eq: (a, b) => a.length === b.length && a.every((value, index) => value === b[index]),
});
/** A repeated id key (`status=3&status=5`): the valid ids, each once. */
const parseAsIds = createMultiParser<number[]>({
  parse: (values) => {
    const kept = unique(values.map(toPositiveInt).filter((value): value is number => value !== null));
    return kept.length ? kept : null;
  },
  serialize: (values) => values.map(String),
  eq: (a, b) => a.length === b.length && a.every((value, index) => value === b[index]),
});
/**
 * One product-column bound, `col.<op>.<column>`. Read as a multi parser so a repeated key keeps its last non-empty
 * value, as the hand-written reader did; min/max are numbers when they look like one (days stay text).
 */
function parseAsColumnValue(op: ColumnOp) {
  return createMultiParser<string | number>({
    parse: (values) => {
      const value = values.filter((item) => item !== "").at(-1);
      if (value === undefined) return null;
      return (op === "min" || op === "max") && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    },
    serialize: (value) => [String(value)],
  });
}

/** The static part of the key map, in the order the URL is written (column keys go between done_from and sort). */
const FILTER_PARSERS = {
  q: parseAsTrimmed,
  cpf: parseAsTrimmed,
  cat: parseAsCategories,
  product: parseAsPositiveInt,
  status: parseAsIds,
  modality: parseAsModality,
  from: parseAsText,
  to: parseAsText,
  sla: parseAsText,
  resp: parseAsAssignee,
  state: parseAsText,
  due: parseAsText,
  done_from: parseAsText,
  done_to: parseAsText,
  /** Days late, [late_min, late_max) (the dashboard's histogram buckets). */
  late_min: parseAsPositiveInt,
  late_max: parseAsPositiveInt,
  /** Only documents with an SLA (with_sla). */
  com_sla: parseAsStringLiteral(["1"] as const),
  /** "Cliente respondeu" (customer_replied). */
  respondeu: parseAsStringLiteral(["1"] as const),
  /** The last customer e-mail failed (email_failed). */
  email_falhou: parseAsStringLiteral(["1"] as const),
};
const ORDER_PARSERS = {
  sort: parseAsStringLiteral(SORT_FIELDS),
  dir: parseAsStringLiteral(["asc", "desc"] as const),
  page: parseAsPositiveInt,
  size: parseAsPositiveInt,
};

type ColumnParser = ReturnType<typeof parseAsColumnValue>;
export type ListUrlParsers = typeof FILTER_PARSERS & typeof ORDER_PARSERS & Record<`col.${string}`, ColumnParser>;
export type ListUrlValues = {
  [Key in keyof ListUrlParsers]?: (ListUrlParsers[Key] extends { parse: (value: never) => infer T } ? T : never) | null;
};

const COLUMN_PARSERS = Object.fromEntries(COLUMN_OPS.map((op) => [op, parseAsColumnValue(op)])) as Record<
  ColumnOp,
  ColumnParser
>;

const columnUrlKey = (op: ColumnOp, column: string) => `col.${op}.${column}` as const;

/** The URL keys of these columns, each with its four operators. */
export function columnUrlKeys(columns: Iterable<string>): string[] {
  return [...new Set(columns)].flatMap((column) => COLUMN_OPS.map((op) => columnUrlKey(op, column)));
}

/** The column names a URL's `col.<op>.<column>` keys mention, in order of first appearance. */
export function urlColumnNames(params: URLSearchParams): string[] {
  const names: string[] = [];
  for (const name of params.keys()) {
    const match = COLUMN_KEY.exec(name);
    if (match && !names.includes(match[2]!)) names.push(match[2]!);
  }
  return names;
}

/** The nuqs key map for the list: the static keys and the given column keys (`col.<op>.<column>`). */
export function listUrlParsers(columnKeys: Iterable<string> = []): ListUrlParsers {
  const columns: Record<string, ColumnParser> = {};
  for (const key of columnKeys) {
    const match = COLUMN_KEY.exec(key);
    if (match) columns[key] = COLUMN_PARSERS[match[1] as ColumnOp];
  }
  return { ...FILTER_PARSERS, ...columns, ...ORDER_PARSERS } as ListUrlParsers;
}

/** Typed URL values → the list's query, leniently: a part that does not validate is dropped, the rest still applies. */
export function listQueryFromValues(values: ListUrlValues): ListQuery {
  const raw: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) raw[key] = value;
  };
  set("q", values.q);
  set("cpf", values.cpf);
  set("categories", values.cat);
  set("product_id", values.product);
  set("status_ids", values.status);
  set("modality_id", values.modality);
  set("created_from", values.from);
  set("created_to", values.to);
  set("sla", values.sla);
  set("assignee", values.resp);
  set("state", values.state);
  set("due_on", values.due);
  set("finished_from", values.done_from);
  set("finished_to", values.done_to);
  set("late_days_min", values.late_min);
  set("late_days_max", values.late_max);
  if (values.com_sla === "1") set("with_sla", true);
  if (values.respondeu === "1") set("customer_replied", true);
  if (values.email_falhou === "1") set("email_failed", true);
  const columns = new Map<string, ColumnFilter>();
  for (const [name, value] of Object.entries(values)) {
    const match = COLUMN_KEY.exec(name);
    if (!match || value === null || value === undefined) continue;
    const key = match[2]!;
    const filter = columns.get(key) ?? { key };
    (filter as Record<string, unknown>)[match[1]!] = value;
    columns.set(key, filter);
  }
  if (columns.size) raw.columns = [...columns.values()];

  let filters: DocumentFilters = {};
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const parsed = ZDocumentFilters.safeParse(raw);
    if (parsed.success) {
      filters = parsed.data;
      break;
    }
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    if (bad.has("")) break;
    for (const key of bad) delete raw[key];
  }

  const sort = values.sort ?? DEFAULT_LIST_QUERY.sort;
  const size = values.size;
  return {
    filters,
    sort,
    direction: values.dir ?? defaultDirection(sort),
    page: values.page ?? 1,
    page_size: size && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The list's query → typed URL values; defaults are null (left out, so links stay short). `clearColumnKeys` are the
 * column keys to empty when this query does not set them (those the URL holds now).
 */
export function listQueryToValues(query: ListQuery, clearColumnKeys: Iterable<string> = []): ListUrlValues {
  const { filters } = query;
  const values: Record<string, unknown> = {
    q: filters.q || null,
    cpf: filters.cpf || null,
    cat: filters.categories?.length ? filters.categories : null,
    product: filters.product_id ?? null,
    status: filters.status_ids?.length ? filters.status_ids : null,
    modality: filters.modality_id ?? null,
    from: filters.created_from ?? null,
    to: filters.created_to ?? null,
    sla: filters.sla ?? null,
    resp: filters.assignee ?? null,
    state: filters.state ?? null,
    due: filters.due_on ?? null,
    done_from: filters.finished_from ?? null,
    done_to: filters.finished_to ?? null,
    late_min: filters.late_days_min || null,
    late_max: filters.late_days_max ?? null,
    com_sla: filters.with_sla ? "1" : null,
    respondeu: filters.customer_replied ? "1" : null,
    email_falhou: filters.email_failed ? "1" : null,
  };
  for (const key of clearColumnKeys) if (COLUMN_KEY.test(key)) values[key] = null;
  for (const column of filters.columns ?? []) {
    for (const op of COLUMN_OPS) {
      const value = column[op];
      if (value !== undefined) values[columnUrlKey(op, column.key)] = value;
    }
  }
  values.sort = query.sort !== DEFAULT_LIST_QUERY.sort ? query.sort : null;
  values.dir = query.direction !== defaultDirection(query.sort) ? query.direction : null;
  values.page = query.page !== 1 ? query.page : null;
  values.size = query.page_size !== DEFAULT_PAGE_SIZE ? query.page_size : null;
  return values as ListUrlValues;
}

/** The column keys a query writes. */
export function queryColumnKeys(query: ListQuery): string[] {
  return (query.filters.columns ?? []).flatMap((column) =>
    COLUMN_OPS.filter((op) => column[op] !== undefined).map((op) => columnUrlKey(op, column.key)),
  );
}

/** Reads a URL (nuqs loader over the key map of the columns it names). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const load = createLoader(listUrlParsers(columnUrlKeys(urlColumnNames(params))));
  return listQueryFromValues(load(params) as ListUrlValues);
}

/** The inverse of parseListQuery (nuqs serializer); defaults are left out so links stay short. */
export function listQueryToParams(query: ListQuery): URLSearchParams {
  const serialize = createSerializer(listUrlParsers(queryColumnKeys(query)));
  return new URLSearchParams(serialize(listQueryToValues(query)));
}

/** Drops empty values so "no filter" is always `{}` (chips, saved filters and the URL agree). */
export function cleanFilters(filters: DocumentFilters): DocumentFilters {
  const clean: DocumentFilters = {};
  if (filters.q?.trim()) clean.q = filters.q.trim();
  if (filters.cpf?.trim()) clean.cpf = filters.cpf.trim();
  if (filters.categories?.length) clean.categories = filters.categories;
  if (filters.product_id) clean.product_id = filters.product_id;
  if (filters.status_ids?.length) clean.status_ids = filters.status_ids;
  if (filters.modality_id) clean.modality_id = filters.modality_id;
  if (filters.created_from) clean.created_from = filters.created_from;
  if (filters.created_to) clean.created_to = filters.created_to;
  if (filters.sla) clean.sla = filters.sla;
  if (filters.assignee !== undefined) clean.assignee = filters.assignee;
  if (filters.state) clean.state = filters.state;
  if (filters.due_on) clean.due_on = filters.due_on;
  if (filters.finished_from) clean.finished_from = filters.finished_from;
  if (filters.finished_to) clean.finished_to = filters.finished_to;
  if (filters.late_days_min) clean.late_days_min = filters.late_days_min;
  if (filters.late_days_max) clean.late_days_max = filters.late_days_max;
  if (filters.with_sla) clean.with_sla = true;
  if (filters.customer_replied) clean.customer_replied = true;
  if (filters.email_failed) clean.email_failed = true;
  if (filters.product_id) {
    const columns = (filters.columns ?? [])
      .map((column) => {
        const kept: ColumnFilter = { key: column.key };
        for (const op of COLUMN_OPS) {
          const value = column[op];
          if (value !== undefined && value !== "") (kept as Record<string, unknown>)[op] = value;
        }
        return kept;
      })
      .filter((column) => Object.keys(column).length > 1);
    if (columns.length) clean.columns = columns;
  }
  return clean;
}
