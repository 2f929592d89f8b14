import { z } from "zod";

/** POST /api/auth/token: a staff user's e-mail and password. */
export const authTokenSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** Its answer: the bearer token and when it expires (ISO-8601, UTC). */
export const ZAuthTokenAnswer = z.strictObject({ token: z.string(), expiration: z.iso.datetime() });
