import "server-only";
import { getDb } from "../db/client.ts";
import type { Role, TokenKind } from "../db/generated/enums.ts";
import type { Actor } from "./actor.ts";
import { generateSecret, hashSecret } from "./secrets.ts";

export const TOKEN_PREFIX = "dft";
// Writing last-used on every call would turn each read into a write; once a minute is precise enough for the UI.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves `Authorization: Bearer <token>` to an actor, or null when it is unknown, revoked or expired. */
export async function actorFromBearer(token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  // Lookup by the hash of the presented secret: the comparison happens on a digest, never on the secret.
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { user: { select: { email: true, disabled: true, role: true, sessionsValidFrom: true } } },
  });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (row.user?.disabled) return null;
  // A token from POST /api/auth/token acts as its user: their current role, and revoked with their sessions.
  const asUser = row.kind === "session" && row.user ? row.user : null;
  if (asUser && asUser.sessionsValidFrom > row.createdAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return {
    type: "token",
    id: row.id,
    label: row.kind === "session" && row.user ? row.user.email : `token:${row.name}`,
    instanceId: row.instanceId,
    role: asUser ? asUser.role : row.role,
    userId: row.userId,
  };
}

export type CreatedToken = { id: number; token: string; prefix: string; expiresAt: Date | null };

/** Creates a token; the secret is returned once and only its hash is kept. */
export async function createApiToken(input: {
  instanceId: number;
  name: string;
  role: Role;
  kind?: TokenKind;
  userId?: number | null;
  createdById?: number | null;
  expiresAt?: Date | null;
}): Promise<CreatedToken> {
  const db = await getDb();
  const token = generateSecret(TOKEN_PREFIX);
  const prefix = token.slice(0, TOKEN_PREFIX.length + 7);
  const row = await db.apiToken.create({
    data: {
      instanceId: input.instanceId,
      name: input.name,
      role: input.role,
      kind: input.kind ?? "api",
      userId: input.userId ?? null,
      createdById: input.createdById ?? null,
      expiresAt: input.expiresAt ?? null,
      prefix,
      tokenHash: hashSecret(token),
    },
  });
  return { id: row.id, token, prefix, expiresAt: row.expiresAt };
}

export async function listApiTokens(instanceId: number) {
  const db = await getDb();
  return db.apiToken.findMany({
    where: { instanceId, kind: "api" },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      prefix: true,
      role: true,
      createdAt: true,
      expiresAt: true,
      lastUsedAt: true,
      revokedAt: true,
      createdBy: { select: { email: true } },
    },
  });
}

/** Revokes a token of the instance; false when there is no such token there. */
export async function revokeApiToken(instanceId: number, id: number): Promise<boolean> {
  const db = await getDb();
  const result = await db.apiToken.updateMany({
    where: { id, instanceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return result.count === 1;
}
