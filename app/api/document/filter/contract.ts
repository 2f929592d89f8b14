// Contract of POST /api/document/filter (see lib/http/contract.ts): the original service's document search.
import { COMPAT_FILTER_PAGE_CAP, ZCompatFilterBody, ZCompatReadViews } from "@/lib/compat/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/document/filter",
  tag: "Compatibility",
  summary: "Documents matching the original's filter lists, as read views",
  description:
    "Every list is optional and matches any of its values exactly (email and name ignoring case); lists combine with " +
    "AND. initialDate/finalDate take DD/MM/YYYY, YYYY-MM-DD (days in America/Sao_Paulo, both included) or an ISO " +
    "date-time. Newest first, at most " +
    COMPAT_FILTER_PAGE_CAP +
    " documents per answer: `limit` (1–" +
    COMPAT_FILTER_PAGE_CAP +
    ") and `page` (from 1) walk further.",
  auth: "bearer",
  role: "viewer",
  emptyBodyIsObject: true,
  request: ZCompatFilterBody,
  response: ZCompatReadViews,
  answer: "Array of read views (as document/loadById answers them).",
  errors: [400, 401, 403, 413, 415, 429, 500, 503],
});
