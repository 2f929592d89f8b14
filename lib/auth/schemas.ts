import { z } from "zod";

/** POST /api/auth/token: a staff user's e-mail and password. */
export const authTokenSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** Its answer: the bearer token and when it expires (ISO-8601, UTC). */
export const ZAuthTokenAnswer = z.strictObject({ token: z.string(), expiration: z.iso.datetime() });

/**
 * New passwords: at least 12 characters, no composition rules, long passphrases welcome (ASVS 5.0 asks for 64 at
 * least). Strength against common-password and Portuguese dictionaries is judged on the server
 * (lib/auth/server/password-strength.ts), wherever a password is set.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

/** "Esqueci minha senha": the address the link goes to (the answer is the same whether it exists or not). */
export const passwordResetRequestSchema = z.strictObject({ email: z.string().trim().min(1).max(320) });

/** The reset link's token and the new password. */
export const passwordResetConfirmSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});

/** "Minha conta": change one's own password with the current one. */
export const changePasswordSchema = z.strictObject({
  current_password: z.string().min(1).max(1024),
  new_password: newPasswordSchema,
});

/** "Minha conta": one's own name and language. */
export const updateAccountSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  locale: z.enum(["pt-BR", "en"]).optional(),
  /** Customer replies: also on unassigned cases; also by e-mail (the assignee always sees theirs in the header). */
  notify_unassigned: z.boolean().optional(),
  notify_by_email: z.boolean().optional(),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

export const ZOkAnswer = z.strictObject({ status: z.literal("ok") });

export const ZStaffSession = z.strictObject({
  id: z.string(),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime().nullable(),
  device: z.string(),
  current: z.boolean(),
});
export const ZStaffSessionList = z.strictObject({ sessions: z.array(ZStaffSession) });

export const ZAccount = z.strictObject({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "staff", "viewer"]),
  locale: z.enum(["pt-BR", "en"]).nullable(),
  notify_unassigned: z.boolean(),
  notify_by_email: z.boolean(),
});

/** GET /api/account/customer-replies: the header's count of cases whose customer's reply waits for the caller. */
export const ZCustomerRepliesCount = z.strictObject({
  count: z.int(),
  /** The instance's latest customer reply or file (ISO 8601), so open queues refresh the moment one arrives. */
  last_activity_at: z.string().nullable(),
});
