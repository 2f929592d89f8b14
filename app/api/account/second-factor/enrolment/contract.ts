// Contract of POST /api/account/second-factor/enrolment (see lib/http/contract.ts).
import { ZFactorEnrolment } from "@/lib/auth/second-factor.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = defineContract({
  method: "POST",
  path: "/account/second-factor/enrolment",
  tag: "Staff",
  summary: "Start enrolling a TOTP second factor: a new secret and its QR code",
  description:
    "The factor is not on until a code from it is confirmed; starting again replaces an unconfirmed secret. 409 when a factor is already enrolled (an admin resets it) or the account is an integration's.",
  auth: "bearer",
  role: "viewer",
  duringFactorEnrolment: true,
  request: noParametersSchema,
  response: ZFactorEnrolment,
  answer: "The secret, its otpauth:// URI and the QR code (an SVG data URL).",
  errors: [400, 401, 403, 409],
});
