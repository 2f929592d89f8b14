// Contract of POST /api/documents/import/erased-check (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZErasedCheckAnswer, ZErasedCheckBody } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/import/erased-check",
  tag: "Staff",
  summary: "Which of an import's rows carry a CPF erased before by an LGPD deletion (the preview warns)",
  description:
    "Takes the import's own rows (as POST /documents/import, at most 5,000) and looks up only the rows the import " +
    "would write; compared by the keyed hash the deletion receipts keep. Answers positions, never CPFs; each check " +
    "is audited (lgpd_subject.import_check, counts only).",
  auth: "bearer",
  role: "staff",
  request: ZErasedCheckBody,
  requestLimitBytes: 16 * 1024 * 1024,
  response: ZErasedCheckAnswer,
  answer: "{erased}: 0-based positions of the rows.",
  errors: [400, 401, 403, 413],
});
