import "server-only";
import { getDb } from "../../db/client.ts";
import type { Role } from "../roles.ts";
import { createApiToken } from "./api-tokens.ts";
import { config } from "../../config/index.ts";

/** AUTH_TOKEN_TTL_MINUTES (default 60, at most a day): how long a token from POST /api/auth/token lives. */
function authTokenTtlMinutes(): number {
  return config("AUTH_TOKEN_TTL_MINUTES");
}

/**
 * A short-lived bearer token (kind `session`) for a staff user who just proved their password. It acts as the user:
 * the user's instance and role, and it stops working when the user is disabled or their sessions are revoked.
 */
export async function issueSessionToken(
  user: { id: number; email: string; role: Role; instanceId: number },
  now = new Date(),
): Promise<{ token: string; expiration: Date }> {
  const db = await getDb();
  // Each call leaves a row; the user's expired ones are of no use, so they go here.
  await db.apiToken.deleteMany({ where: { userId: user.id, kind: "session", expiresAt: { lt: now } } });
  const expiresAt = new Date(now.getTime() + authTokenTtlMinutes() * 60_000);
  const created = await createApiToken({
    instanceId: user.instanceId,
    name: "auth/token",
    role: user.role,
    kind: "session",
    userId: user.id,
    createdById: user.id,
    expiresAt,
  });
  return { token: created.token, expiration: expiresAt };
}
