// Contract of GET, POST /api/admin/settings/masking-policy (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZMaskingPolicyBody } from "@/lib/documents/masking-policy-schema.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/masking-policy",
  tag: "Admin",
  summary: "Per role, the personal fields (cpf, name, email, phone) the documents list masks",
  auth: "bearer",
  role: "admin",
  response: ZMaskingPolicyBody,
  answer: "{admin, staff, viewer}: each a list of masked field names.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/masking-policy",
  tag: "Admin",
  summary: "Replace the masking policy (audited)",
  auth: "bearer",
  role: "admin",
  request: ZMaskingPolicyBody,
  response: ZMaskingPolicyBody,
  answer: "The saved policy {admin, staff, viewer}.",
  errors: [400, 401, 403, 404, 409],
});
