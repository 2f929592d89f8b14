// Contract of GET, POST /api/saved-filters (see lib/http/contract.ts).
import { ZSavedFilterList, ZSavedFilterView } from "@/lib/documents/search-schema.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZCreateSavedFilterBody } from "@/lib/documents/search-schema.ts";

export const GET = defineContract({
  method: "GET",
  path: "/saved-filters",
  tag: "Staff",
  summary: "The caller's saved document searches",
  auth: "bearer",
  role: "viewer",
  response: ZSavedFilterList,
  answer: "Array of {id, name, filters, created_at}.",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/saved-filters",
  tag: "Staff",
  summary: "Save the current document search under a name (409 on a duplicate name)",
  auth: "bearer",
  role: "viewer",
  request: ZCreateSavedFilterBody,
  response: ZSavedFilterView,
  answer: "The saved filter.",
  errors: [400, 401, 403, 409],
});
