// The documents list's state in the page URL, so a search can be shared, bookmarked and reloaded:
// ?cpf=…&cat=primary&cat=valid&product=1&status=3&modality=2&from=2026-03-01&to=2026-03-31&sla=late
//  &resp=me|none|<user id>&state=open|finished&due=2026-03-31&done_from=2026-03-30
//  &col.contains.placa=ABC&col.min.valor_segurado=1000&sort=protocol&dir=asc&page=2&size=50
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

const positiveInt = (value: string | null) => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
};

/** Reads the URL leniently: a part that does not validate is dropped, the rest of the search still applies. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const raw: Record<string, unknown> = {};
  const cpf = params.get("cpf")?.trim();
  if (cpf) raw.cpf = cpf;
  const categories = params.getAll("cat").filter(Boolean);
  if (categories.length) raw.categories = [...new Set(categories)];
  const product = positiveInt(params.get("product"));
  if (product) raw.product_id = product;
  const statuses = params
    .getAll("status")
    .map(positiveInt)
    .filter((value): value is number => value !== undefined);
  if (statuses.length) raw.status_ids = [...new Set(statuses)];
  const modality = positiveInt(params.get("modality"));
  if (modality) raw.modality_id = modality;
  if (params.get("from")) raw.created_from = params.get("from");
  if (params.get("to")) raw.created_to = params.get("to");
  if (params.get("sla")) raw.sla = params.get("sla");
  const assignee = params.get("resp");
  if (assignee === "me" || assignee === "none") raw.assignee = assignee;
  else if (positiveInt(assignee)) raw.assignee = positiveInt(assignee);
  if (params.get("state")) raw.state = params.get("state");
  if (params.get("due")) raw.due_on = params.get("due");
  if (params.get("done_from")) raw.finished_from = params.get("done_from");
  const columns = new Map<string, ColumnFilter>();
  for (const [name, value] of params.entries()) {
    const match = /^col\.(eq|contains|min|max)\.(.+)$/.exec(name);
    if (!match || value === "") continue;
    const op = match[1] as ColumnOp;
    const key = match[2]!;
    const filter = columns.get(key) ?? { key };
    if (op === "min" || op === "max") filter[op] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    else filter[op] = value;
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

  const sort = params.get("sort");
  const parsedSort = (SORT_FIELDS as readonly string[]).includes(sort ?? "")
    ? (sort as SortField)
    : DEFAULT_LIST_QUERY.sort;
  const size = positiveInt(params.get("size"));
  return {
    filters,
    sort: parsedSort,
    direction:
      params.get("dir") === "asc" || params.get("dir") === "desc"
        ? (params.get("dir") as "asc" | "desc")
        : defaultDirection(parsedSort),
    page: positiveInt(params.get("page")) ?? 1,
    page_size: size && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The inverse of parseListQuery; defaults are left out so links stay short. */
export function listQueryToParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = query;
  if (filters.cpf) params.set("cpf", filters.cpf);
  for (const key of filters.categories ?? []) params.append("cat", key);
  if (filters.product_id) params.set("product", String(filters.product_id));
  for (const id of filters.status_ids ?? []) params.append("status", String(id));
  if (filters.modality_id) params.set("modality", String(filters.modality_id));
  if (filters.created_from) params.set("from", filters.created_from);
  if (filters.created_to) params.set("to", filters.created_to);
  if (filters.sla) params.set("sla", filters.sla);
  if (filters.assignee !== undefined) params.set("resp", String(filters.assignee));
  if (filters.state) params.set("state", filters.state);
  if (filters.due_on) params.set("due", filters.due_on);
  if (filters.finished_from) params.set("done_from", filters.finished_from);
  for (const column of filters.columns ?? []) {
    for (const op of COLUMN_OPS) {
      const value = column[op];
      if (value !== undefined) params.set(`col.${op}.${column.key}`, String(value));
    }
  }
  if (query.sort !== DEFAULT_LIST_QUERY.sort) params.set("sort", query.sort);
  if (query.direction !== defaultDirection(query.sort)) params.set("dir", query.direction);
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.page_size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.page_size));
  return params;
}

/** Drops empty values so "no filter" is always `{}` (chips, saved filters and the URL agree). */
export function cleanFilters(filters: DocumentFilters): DocumentFilters {
  const clean: DocumentFilters = {};
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
