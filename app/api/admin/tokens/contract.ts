// Contract of GET, POST /api/admin/tokens (see lib/http/contract.ts).
import { ZApiTokenList, ZCreateApiTokenBody, ZCreatedApiToken } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/tokens",
  tag: "Admin",
  summary: "Document-API tokens of the instance",
  auth: "bearer",
  role: "admin",
  response: ZApiTokenList,
  answer:
    "Array of tokens {id, name, prefix, role, created_by, created_at, last_used_at, expires_at, revoked_at, state, " +
    "clear_personal_data, unmasked_reads}.",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/tokens",
  tag: "Admin",
  summary: "Create a document-API token (shown once)",
  auth: "bearer",
  role: "admin",
  request: ZCreateApiTokenBody,
  response: ZCreatedApiToken,
  responseStatus: 201,
  answer: "The token, shown this once, with its id and prefix.",
  errors: [400, 401, 403],
});
