// Contract of POST /api/account/second-factor/enrolment/confirm (see lib/http/contract.ts).
import { confirmFactorSchema, ZRecoveryCodes } from "@/lib/auth/second-factor.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const POST = defineContract({
  method: "POST",
  path: "/account/second-factor/enrolment/confirm",
  tag: "Staff",
  summary: "Confirm the enrolment with a code from the app; answers ten recovery codes once",
  auth: "bearer",
  role: "viewer",
  duringFactorEnrolment: true,
  request: confirmFactorSchema,
  response: ZRecoveryCodes,
  answer: "The ten single-use recovery codes (shown this once; only their hashes are kept).",
  errors: [400, 401, 403, 409],
});
