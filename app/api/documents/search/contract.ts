// Contract of POST /api/documents/search (see lib/http/contract.ts).
import { ZSearchDocumentsResult } from "@/lib/documents/search-schema.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/search",
  tag: "Staff",
  summary:
    "The staff documents list: filters (CPF digits, categories, product, status, modality, dates, SLA state, product columns), sort and paging",
  description: "Personal data is masked in the answer; reveal it per document.",
  auth: "bearer",
  role: "viewer",
  request: ZSearchDocumentsBody,
  response: ZSearchDocumentsResult,
  answer: "{items, total, total_capped, page, page_size}: total is exact up to 10,000; past that total_capped is true.",
  errors: [400, 401, 403],
});
