// Contract of GET /api/documents/sources (see lib/http/contract.ts).
import { ZDocumentSources } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/documents/sources",
  tag: "Staff",
  summary: "The origins (source) already used in the instance, for the pick-list of a new document",
  description: "Distinct non-blank sources, in alphabetical order, at most 200; a person may still type a new one.",
  auth: "bearer",
  role: "staff",
  response: ZDocumentSources,
  answer: "{sources: string[]}.",
  errors: [401, 403],
});
