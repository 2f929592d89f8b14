import { z } from "zod";

/** POST /api/auth/token: a staff user's e-mail and password. */
export const authTokenSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
