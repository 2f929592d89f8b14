// Contract of GET /api/documents/{id} (see lib/http/contract.ts).
import { ZStaffDocumentView } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/documents/{id}",
  tag: "Staff",
  summary: "A document for its page: full document (personal data masked), allowed next statuses, columns, SLA state",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "viewer",
  response: ZStaffDocumentView,
  answer: "The staff view of the document.",
  errors: [400, 401, 403, 404],
});
