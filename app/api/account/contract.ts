// Contract of GET, PATCH /api/account (see lib/http/contract.ts): "Minha conta".
import { updateAccountSchema, ZAccount } from "@/lib/auth/schemas.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/account",
  tag: "Staff",
  summary: "The signed-in person's account",
  auth: "bearer",
  role: "viewer",
  response: ZAccount,
  answer: "The account: id, e-mail, name, role and language.",
  errors: [401, 403],
});

export const PATCH = defineContract({
  method: "PATCH",
  path: "/account",
  tag: "Staff",
  summary: "Change one's own name or language",
  auth: "bearer",
  role: "viewer",
  request: updateAccountSchema,
  response: ZAccount,
  answer: "The changed account.",
  errors: [400, 401, 403],
});
