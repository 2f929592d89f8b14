// Contract of POST /api/documents/find (see lib/http/contract.ts).
import { ZFindDocumentsBody, ZFindDocumentsResult } from "@/lib/documents/find-schema.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/documents/find",
  tag: "Staff",
  summary:
    "The staff find box: a protocol, the first digits of a CPF/CNPJ, or words in names, e-mails and product column values",
  description:
    "Words match partially, without case or accents; fields the caller's masking policy hides are not searched (a masked CPF is found only whole). Personal data in the answer is masked as the list masks it.",
  auth: "bearer",
  role: "viewer",
  request: ZFindDocumentsBody,
  response: ZFindDocumentsResult,
  answer:
    "{items: [{id, protocol, name, status, product, created_at, matched: {field, key, value}}], more, too_short}: at most 20 documents, protocol matches first, then CPF, then words, newest first.",
  errors: [400, 401, 403],
});
