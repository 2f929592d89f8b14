import "server-only";
import { getDb } from "../db/client.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";

// Placeholder until the ops branch lands its throttled version (same signature).
export type CredentialCheck =
  | {
      ok: true;
      user: { id: number; email: string; name: string; role: "admin" | "staff" | "viewer"; instanceId: number };
    }
  | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds?: number };

export async function verifyCredentials(input: {
  email: string;
  password: string;
  clientIp?: string | null;
}): Promise<CredentialCheck> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid || user.disabled) return { ok: false, reason: "invalid" };
  return {
    ok: true,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, instanceId: user.instanceId },
  };
}
