// Contract of GET /api/account/second-factor (see lib/http/contract.ts): "Minha conta" → verificação em duas etapas.
import { ZSecondFactorStatus } from "@/lib/auth/second-factor.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/account/second-factor",
  tag: "Staff",
  summary: "Whether one's second factor is on, required, and the recovery codes left",
  auth: "bearer",
  role: "viewer",
  duringFactorEnrolment: true,
  response: ZSecondFactorStatus,
  answer: "The factor's state.",
  errors: [401, 403],
});
