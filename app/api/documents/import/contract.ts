// Contract of POST /api/documents/import (see lib/http/contract.ts).
import { ZImportResult } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { importBodySchema } from "@/lib/documents/import-rows.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/import",
  tag: "Staff",
  summary: "Import mapped CSV rows as documents, all or nothing (or only the valid rows)",
  description:
    "If any row fails, nothing is written and the answer lists every row's errors {row, path, message}. With `valid_only: true` the valid rows are imported and the others are answered in `skipped`.",
  auth: "bearer",
  role: "staff",
  request: importBodySchema,
  requestLimitBytes: 16 * 1024 * 1024,
  response: ZImportResult,
  answer: "{imported, ids, skipped?}.",
  errors: [400, 401, 403, 413],
});
