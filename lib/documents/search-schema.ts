// The documents-list search contract (POST /api/documents/search, saved filters, the page's URL query).
// No server-only imports: the browser uses the same schema to read the URL and to save filters.
import { z } from "zod";
import { EMAIL_FAILURES } from "../outbox/email-failure.ts";
import { ZFilterOptions, ZRevealedRow } from "./answers.ts";
import { WITHHELD_SEARCHES } from "./find-schema.ts";

/**
 * `urgency` (the staff list's default, "mais urgentes primeiro"): open work before paused before finished, and within
 * each the earliest deadline first (the most overdue on top), documents without SLA after those with one.
 */
/** `customer_activity`: the customer's last reply or file first (cases the customer never wrote to last). */
export const SORT_FIELDS = [
  "created_at",
  "updated_at",
  "protocol",
  "sla_end",
  "status",
  "urgency",
  "customer_activity",
] as const;
export const SLA_STATES = ["in_sla", "late", "no_sla"] as const;
/** By the status's category kind: open = not `finished` (paused ones included); finished = kind `finished`. */
const WORK_STATES = ["open", "finished"] as const;
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
const ZColumnFilter = z
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
    /**
     * Any text, read as the header's find box reads it: a protocol, the first digits of a CPF/CNPJ, or words inside
     * the name, the e-mail and the product columns' values (fields the caller's masking policy hides are not searched).
     */
    q: z.string().trim().min(1).max(100).optional(),
    /** Status category keys (primary, valid, pause, final, invalid, or admin-made ones); any of them. */
    categories: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    product_id: id.optional(),
    /** Status ids; any of them. */
    status_ids: z.array(id).max(100).optional(),
    /** A modality id, or "none" (documents without a modality). */
    modality_id: z.union([id, z.literal("none")]).optional(),
    /** Creation day range, both ends included, days in America/Sao_Paulo. */
    created_from: isoDay.optional(),
    created_to: isoDay.optional(),
    sla: z.enum(SLA_STATES).optional(),
    /**
     * Responsável: a user id, "me" (the signed-in user; a token with no user matches nothing) or "none" (unassigned).
     */
    assignee: z.union([id, z.literal("me"), z.literal("none")]).optional(),
    state: z.enum(WORK_STATES).optional(),
    /** SLA deadline on this day (America/Sao_Paulo): "vence hoje". */
    due_on: isoDay.optional(),
    /** Finished on or after this day (America/Sao_Paulo): "encerrados na semana". */
    finished_from: isoDay.optional(),
    /** Finished on or before this day (America/Sao_Paulo): a period of the dashboard's compliance charts. */
    finished_to: isoDay.optional(),
    /** Only documents with an SLA deadline (sla_end set): the dashboard's compliance counts those. */
    with_sla: z.literal(true).optional(),
    /**
     * Days late, [late_days_min, late_days_max), at the moment the SLA clock stopped (finished, paused, else now) —
     * the dashboard's late-days histogram buckets. Documents that are not late have no days late and never match.
     */
    late_days_min: z.int().min(0).max(36_500).optional(),
    late_days_max: z.int().min(1).max(36_500).optional(),
    /** "Cliente respondeu": the customer wrote or sent a file that no staff member has opened or answered since. */
    customer_replied: z.literal(true).optional(),
    /** The case's last e-mail to the customer failed (the customer never got it). */
    email_failed: z.literal(true).optional(),
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
  })
  .refine((filters) => !filters.finished_from || !filters.finished_to || filters.finished_from <= filters.finished_to, {
    message: "finished_from must not be after finished_to",
    path: ["finished_to"],
  })
  .refine(
    (filters) =>
      filters.late_days_min === undefined ||
      filters.late_days_max === undefined ||
      filters.late_days_min < filters.late_days_max,
    { message: "late_days_min must be below late_days_max", path: ["late_days_max"] },
  );

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

export const ZCreateSavedFilterBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    filters: ZDocumentFilters,
    /** Shared with the whole instance instead of kept personal (the default). */
    shared: z.boolean().optional(),
  })
  .strict();

/** One row of the list, as the API answers it (personal data masked). */
const ZDocumentListItem = z.strictObject({
  id: z.int(),
  uuid: z.string(),
  protocol: z.string(),
  cpf: z.string(),
  cpf_kind: z.enum(["cpf", "cnpj", "other"]),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.strictObject({
    id: z.int(),
    name: z.string(),
    text_color: z.string(),
    bg_color: z.string(),
    /** kind: open, pause or finished (finished and cancelled categories are both "finished"). */
    category: z.strictObject({ key: z.string(), label: z.string(), kind: z.enum(["open", "pause", "finished"]) }),
  }),
  product: z.strictObject({ id: z.int(), name: z.string() }),
  modality: z.strictObject({ id: z.int(), identifier: z.string() }).nullable(),
  /** The document's values for its product's declared columns only (filled_columns is free JSON). */
  columns: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  sla_end: z.iso.datetime().nullable(),
  date_finished: z.iso.datetime().nullable(),
  sla_state: z.enum(SLA_STATES),
  /** Waiting in a pause status: the SLA clock is stopped (no countdown to show). */
  sla_paused: z.boolean(),
  /** Responsável, by name (people are shown by name, never by e-mail). */
  assignee: z.strictObject({ id: z.int(), name: z.string() }).nullable(),
  /** The customer's reply or file waits for staff ("Cliente respondeu"). */
  customer_unread: z.boolean(),
  customer_activity_at: z.iso.datetime().nullable(),
  /** Why the case's last customer e-mail failed (said in Portuguese by the page); null when it did not. */
  email_failure: z.enum(EMAIL_FAILURES).nullable(),
});
export type DocumentListItem = z.infer<typeof ZDocumentListItem>;

export const ZSearchDocumentsResult = z.strictObject({
  items: z.array(ZDocumentListItem),
  /** Exact up to the count cap (SEARCH_COUNT_CAP); when total_capped, at least this many match. */
  total: z.int(),
  total_capped: z.boolean(),
  page: z.int(),
  page_size: z.int(),
  /** With filters.q: what the caller's masking policy kept the text from being searched as. */
  q_withheld: z.array(z.enum(WITHHELD_SEARCHES)).optional(),
});
export type SearchDocumentsResult = z.infer<typeof ZSearchDocumentsResult>;

export type RevealedPersonalData = z.infer<typeof ZRevealedRow>;

export const ZSavedFilterView = z.strictObject({
  id: z.int(),
  name: z.string(),
  filters: ZDocumentFilters,
  /** Seen by everyone of the instance; false = the owner's only. */
  shared: z.boolean(),
  /** The caller's own (they may delete it); a colleague's shared view otherwise. */
  mine: z.boolean(),
  /** Who saved it (their name, else e-mail). */
  owner: z.string(),
  created_at: z.iso.datetime(),
});
export type SavedFilterView = z.infer<typeof ZSavedFilterView>;

/** What the filter bar offers (POST /api/documents/filter-options). */
export type FilterOptions = z.infer<typeof ZFilterOptions>;

export const ZSavedFilterList = z.array(ZSavedFilterView);
