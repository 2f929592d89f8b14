// Contracts of GET and POST /api/admin/lgpd-holds (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLegalHold, ZLegalHoldBody, ZLegalHoldList } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-holds",
  tag: "Admin",
  summary: "The instance's legal holds (LGPD Art. 16 I)",
  auth: "bearer",
  role: "admin",
  response: ZLegalHoldList,
  answer: "{items}.",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-holds",
  tag: "Admin",
  summary: "Mark a product or a status as kept by legal obligation, with its basis and period (audited)",
  description: "An erasure keeps the matching documents until the period ends and its receipt names the hold.",
  auth: "bearer",
  role: "admin",
  request: ZLegalHoldBody,
  response: ZLegalHold,
  answer: "The hold.",
  errors: [400, 401, 403],
});
