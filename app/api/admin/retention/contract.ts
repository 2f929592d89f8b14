// Contract of GET, POST /api/admin/retention (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZRetentionRule, ZRetentionRuleBody, ZRetentionRules } from "@/lib/retention/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/retention",
  tag: "Admin",
  summary: "The instance's retention rules, each with its last run and its next, and the per-run cap",
  auth: "bearer",
  role: "admin",
  response: ZRetentionRules,
  answer: "{rules: [rule + last_run], run_cap, run_hour}",
  errors: [401, 403],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/retention",
  tag: "Admin",
  summary: "Create a retention rule (always inactive: preview it, then activate it); audited",
  auth: "bearer",
  role: "admin",
  request: ZRetentionRuleBody,
  response: ZRetentionRule,
  responseStatus: 201,
  answer: "The rule, inactive.",
  errors: [400, 401, 403],
});
