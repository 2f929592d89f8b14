// The documents-list search contract (POST /api/documents/search, saved filters, the page's URL query).
// No server-only imports: the browser uses the same schema to read the URL and to save filters.
import { z } from "zod";

export const SORT_FIELDS = ["created_at", "updated_at", "protocol", "sla_end", "status"] as const;
export const SLA_STATES = ["in_sla", "late", "no_sla"] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export type SortField = (typeof SORT_FIELDS)[number];
export type SlaState = (typeof SLA_STATES)[number];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date as YYYY-MM-DD")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, "not a calendar date");

const id = z.number().int().positive().max(2_147_483_647);

/**
 * A filter on one product column (a key of filled_columns). Which operators apply depends on the column's type:
 * string → `eq` (exact) or `contains` (case-insensitive); number → `min`/`max` numbers; date → `min`/`max` days.
 */
export const ZColumnFilter = z
  .object({
    key: z.string().trim().min(1).max(100),
    eq: z.string().max(200).optional(),
    contains: z.string().min(1).max(200).optional(),
    min: z.union([z.number().finite(), isoDay]).optional(),
    max: z.union([z.number().finite(), isoDay]).optional(),
  })
  .strict()
  .refine(
    (filter) =>
      filter.eq !== undefined || filter.contains !== undefined || filter.min !== undefined || filter.max !== undefined,
    "a column filter needs eq, contains, min or max",
  );

export type ColumnFilter = z.infer<typeof ZColumnFilter>;

/** What to look for (saved per user as a "saved filter"); sort and paging are not part of it. */
export const ZDocumentFilters = z
  .object({
    /** CPF/CNPJ/other identifier typed with or without punctuation; matched exactly on its normalised form. */
    cpf: z.string().trim().max(64).optional(),
    /** Status category keys (primary, valid, pause, final, invalid, or admin-made ones); any of them. */
    categories: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    product_id: id.optional(),
    /** Status ids; any of them. */
    status_ids: z.array(id).max(100).optional(),
    modality_id: id.optional(),
    /** Creation day range, both ends included, days in America/Sao_Paulo. */
    created_from: isoDay.optional(),
    created_to: isoDay.optional(),
    sla: z.enum(SLA_STATES).optional(),
    /** Needs product_id: the columns are the product's. */
    columns: z.array(ZColumnFilter).max(20).optional(),
  })
  .strict()
  .refine((filters) => !filters.columns?.length || filters.product_id !== undefined, {
    message: "column filters need product_id",
    path: ["columns"],
  })
  .refine((filters) => !filters.created_from || !filters.created_to || filters.created_from <= filters.created_to, {
    message: "created_from must not be after created_to",
    path: ["created_to"],
  });

export type DocumentFilters = z.infer<typeof ZDocumentFilters>;

export const ZSearchDocumentsBody = z
  .object({
    filters: ZDocumentFilters.default({}),
    sort: z.enum(SORT_FIELDS).default("created_at"),
    direction: z.enum(["asc", "desc"]).default("desc"),
    page: z.number().int().min(1).max(100_000).default(1),
    page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict();

export type SearchDocumentsBody = z.infer<typeof ZSearchDocumentsBody>;
export type SearchDocumentsInput = z.input<typeof ZSearchDocumentsBody>;

export const ZCreateSavedFilterBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    filters: ZDocumentFilters,
  })
  .strict();

/** One row of the list, as the API answers it (personal data masked). */
export type DocumentListItem = {
  id: number;
  uuid: string;
  protocol: string;
  cpf: string;
  cpf_kind: "cpf" | "cnpj" | "other";
  name: string | null;
  email: string | null;
  phone: string | null;
  status: {
    id: number;
    name: string;
    text_color: string;
    bg_color: string;
    category: { key: string; label: string };
  };
  product: { id: number; name: string };
  modality: { id: number; identifier: string } | null;
  /** The document's values for its product's declared columns only (filled_columns is free JSON). */
  columns: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  sla_end: string | null;
  date_finished: string | null;
  sla_state: SlaState;
};

export type SearchDocumentsResult = {
  items: DocumentListItem[];
  /** Exact up to the count cap (SEARCH_COUNT_CAP); when total_capped, at least this many match. */
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
};

export type RevealedPersonalData = {
  id: number;
  cpf: string;
  cpf_formatted: string;
  name: string | null;
  email: string | null;
  phone: string | null;
};

export type SavedFilterView = { id: number; name: string; filters: DocumentFilters; created_at: string };

/** What the filter bar offers (POST /api/documents/filter-options). */
export type FilterOptions = {
  categories: { key: string; label: string; kind: string }[];
  statuses: { id: number; name: string; category_key: string; text_color: string; bg_color: string }[];
  products: {
    id: number;
    name: string;
    active: boolean;
    columns: { key: string; label: string; type: "string" | "number" | "date" }[];
  }[];
  modalities: { id: number; identifier: string }[];
};
