// The second factor's requests and answers, shared by the server and the browser.
import { z } from "zod";

export const SECOND_FACTOR_REQUIREMENTS = ["none", "admins", "everyone"] as const;
/** The longest a browser may be remembered ("lembrar este dispositivo"); 0 turns remembering off. */
export const REMEMBER_DEVICE_MAX_DAYS = 90;

/** "Minha conta": whether one's factor is on, required, and how many recovery codes are left. */
export const ZSecondFactorStatus = z.strictObject({
  enrolled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.int(),
  remember_device_days: z.int(),
});

/** The start of an enrolment: the secret (for typing in by hand) and its QR code, shown until confirmed. */
export const ZFactorEnrolment = z.strictObject({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});

/** A code from the authenticator app, to confirm the enrolment. */
export const confirmFactorSchema = z.strictObject({ code: z.string().trim().min(6).max(12) });

/** The ten recovery codes, shown this once. */
export const ZRecoveryCodes = z.strictObject({ recovery_codes: z.array(z.string()) });

/** The instance's policy: who must use a second factor, and how many days a browser may be remembered. */
export const secondFactorPolicySchema = z.strictObject({
  required_for: z.enum(SECOND_FACTOR_REQUIREMENTS),
  remember_device_days: z.int().min(0).max(REMEMBER_DEVICE_MAX_DAYS),
});
export const ZSecondFactorPolicy = secondFactorPolicySchema;
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
