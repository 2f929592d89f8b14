// Contract of GET, POST /api/saved-filters (see lib/http/contract.ts).
import { ZCreateSavedFilterBody, ZSavedFilterList, ZSavedFilterView } from "@/lib/documents/search-schema.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/saved-filters",
  tag: "Staff",
  summary: "The caller's saved document searches and those shared in the instance",
  auth: "bearer",
  role: "viewer",
  response: ZSavedFilterList,
  answer: "Array of {id, name, filters, shared, mine, owner, created_at}: the caller's own first.",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/saved-filters",
  tag: "Staff",
  summary: "Save the current document search under a name, personal or shared (409 on a duplicate name)",
  auth: "bearer",
  role: "viewer",
  request: ZCreateSavedFilterBody,
  response: ZSavedFilterView,
  answer: "The saved filter.",
  errors: [400, 401, 403, 409],
});
