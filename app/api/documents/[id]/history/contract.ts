// Contract of GET /api/documents/{id}/history (see lib/http/contract.ts).
import { ZHistory } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/documents/{id}/history",
  tag: "Staff",
  summary: "The document's history timeline, newest first (personal values masked unless revealed)",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "viewer",
  response: ZHistory,
  answer: "Array of {id, action, actor_type, actor_label, actor_name, changes[{field, before, after}], created_at}.",
  errors: [400, 401, 403, 404],
});
