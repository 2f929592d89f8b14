// Contract of POST /api/documents/import/erased-check (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZErasedCheckAnswer, ZErasedCheckBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/import/erased-check",
  tag: "Staff",
  summary: "Which of an import's CPFs were erased before by an LGPD deletion (the preview warns)",
  description: "Compared by the keyed hash the deletion receipts keep; answers positions in the list, never CPFs.",
  auth: "bearer",
  role: "staff",
  request: ZErasedCheckBody,
  requestLimitBytes: 1024 * 1024,
  response: ZErasedCheckAnswer,
  answer: "{erased}: 0-based positions.",
  errors: [400, 401, 403, 413],
});
