import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { generatePassword, hashPassword, PASSWORD_MIN_LENGTH } from "../../auth/server/passwords.ts";
import { judgePassword } from "../../auth/server/password-strength.ts";
import { DEFAULT_INSTANCE, isUniqueViolation } from "./seed-database.ts";
import { config } from "../../config/index.ts";

// The first admin of a fresh install: from ADMIN_EMAIL / ADMIN_PASSWORD when set, otherwise a generated password
// that `npm start` prints once. Only when the database has no user at all; those variables are ignored afterwards.

const DEFAULT_ADMIN_EMAIL = "admin@docflow.local";

export type FirstAdminResult =
  | { created: false; reason: string }
  | {
      created: true;
      userId: number;
      email: string;
      /** Set when the password was generated here: it must be shown to the person, once. */
      generatedPassword: string | null;
    };

export async function ensureFirstAdmin(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<FirstAdminResult> {
  const users = await db.user.count();
  if (users > 0) return { created: false, reason: "the database already has users" };

  const email = (config("ADMIN_EMAIL", env) || DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (!z.email().safeParse(email).success) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: ${email}`);
  const fromEnv = config("ADMIN_PASSWORD", env) ?? "";
  if (fromEnv && fromEnv.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (fromEnv && !judgePassword(fromEnv, [email]).ok) {
    throw new Error("ADMIN_PASSWORD is too common or too easy to guess; choose a longer phrase of unrelated words");
  }
  const password = fromEnv || generatePassword();

  const instance =
    (await db.instance.findUnique({ where: { slug: DEFAULT_INSTANCE.slug } })) ??
    (await db.instance.findFirst({ orderBy: { id: "asc" } }));
  if (!instance) throw new Error("There is no instance to create the first admin in: seed the database first");

  try {
    const user = await db.user.create({
      data: {
        instanceId: instance.id,
        email,
        name: "Administrador",
        role: "admin",
        passwordHash: await hashPassword(password),
      },
    });
    return { created: true, userId: user.id, email, generatedPassword: fromEnv ? null : password };
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false, reason: "another process created the first admin just now" };
    throw error;
  }
}
