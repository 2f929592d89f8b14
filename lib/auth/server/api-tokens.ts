import "server-only";
import { getDb } from "../../db/client.ts";
import { rawQuery } from "../../db/raw-query.ts";
import type { TokenKind } from "../../db/generated/enums.ts";
import type { Role } from "../roles.ts";
import type { Actor } from "../actor.ts";
import { generateSecret, hashSecret } from "./secrets.ts";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

export const TOKEN_PREFIX = "dft";

// One statement per lookup: the token, its user (LEFT JOIN: none for plain API tokens), and — at most once a minute
// per token, so reads do not become writes — lastUsedAt, written by the same statement.
const LOOKUP_SQL = `WITH t AS (
    SELECT k."id", k."instanceId", k."kind", k."name", k."role", k."userId", k."createdAt", k."expiresAt",
      k."revokedAt", k."lastUsedAt", k."clearPersonalData", u."email" AS "userEmail", u."disabled" AS "userDisabled",
      u."role" AS "userRole", u."sessionsValidFrom" AS "userSessionsValidFrom", u."integration" AS "userIntegration"
    FROM "ApiToken" k LEFT JOIN "User" u ON u."id" = k."userId"
    WHERE k."tokenHash" = $1),
  touched AS (
    UPDATE "ApiToken" k SET "lastUsedAt" = now() FROM t
    WHERE k."id" = t."id" AND t."revokedAt" IS NULL AND (t."expiresAt" IS NULL OR t."expiresAt" > now())
      AND (t."lastUsedAt" IS NULL OR t."lastUsedAt" < now() - interval '60 seconds')
    RETURNING k."id")
  SELECT * FROM t`;

type TokenRow = {
  id: number;
  instanceId: number;
  kind: TokenKind;
  name: string;
  role: Role;
  userId: number | null;
  createdAt: Date | string;
  expiresAt: Date | string | null;
  revokedAt: Date | string | null;
  clearPersonalData: boolean;
  userEmail: string | null;
  userDisabled: boolean | null;
  userRole: Role | null;
  userSessionsValidFrom: Date | string | null;
  userIntegration: boolean | null;
};

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** The token row by the hash of its secret, and when the answer stops being true by itself (its expiry). */
async function lookupToken(tokenHash: string): Promise<{ actor: Actor | null; expiresAt: number | null }> {
  const {
    rows: [row],
  } = await rawQuery<TokenRow>(LOOKUP_SQL, [tokenHash]);
  if (!row || row.revokedAt) return { actor: null, expiresAt: null };
  const expiresAt = time(row.expiresAt);
  if (expiresAt !== null && expiresAt <= Date.now()) return { actor: null, expiresAt: null };
  if (row.userDisabled) return { actor: null, expiresAt: null };
  // A token from POST /api/auth/token acts as its user: their current role, and revoked with their sessions.
  const asUser = row.kind === "session" && row.userId !== null ? row : null;
  if (asUser && time(asUser.userSessionsValidFrom)! > time(row.createdAt)!) return { actor: null, expiresAt: null };
  return {
    expiresAt,
    actor: {
      type: "token",
      id: row.id,
      label: asUser ? row.userEmail! : `token:${row.name}`,
      instanceId: row.instanceId,
      role: asUser ? row.userRole! : row.role,
      userId: row.userId,
      // Integration tokens an admin set to clear, and the sign-in tokens of an integration account (the original's
      // SDK and CLI cannot carry an integration token); never a person's, never a viewer's (viewers cannot reveal).
      clearPersonalData: asUser
        ? asUser.userIntegration === true && asUser.userRole !== "viewer"
        : row.kind === "api" && row.role !== "viewer" && row.clearPersonalData,
    },
  };
}

/** Resolves `Authorization: Bearer <token>` to an actor, or null when it is unknown, revoked or expired. */
export async function actorFromBearer(token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  // Lookup by the hash of the presented secret: the comparison happens on a digest, never on the secret.
  return (await lookupToken(hashSecret(token))).actor;
}

// The request path's cache: hash of the secret → answer, for API_AUTH_CACHE_MS (default 5 s). A revocation, a
// disabled user or a role change made on another app server takes effect here within that bound; on this server,
// revokeApiToken drops the entry at once. Bounded (oldest entries go first); unknown tokens are cached too, so a
// flood of bad tokens costs one lookup each per interval at most. Kept on globalThis: Next's route bundles share it.
const tokenCache = ((globalThis as Record<string, unknown>).__docflowTokenCache ??= new Map()) as Map<
  string,
  { actor: Actor | null; until: number }
>;
const CACHE_MAX_ENTRIES = 10_000;
// Lookups under way, by hash: the requests that miss the cache together (a token's entry expires while 32 connections
// use it) share one statement instead of sending one each.
const lookupsInFlight = ((globalThis as Record<string, unknown>).__docflowTokenLookups ??= new Map()) as Map<
  string,
  Promise<{ actor: Actor | null; expiresAt: number | null }>
>;
registerProcessCache("api-tokens", () => {
  tokenCache.clear();
  lookupsInFlight.clear();
});

export function authCacheMs(): number {
  return config("API_AUTH_CACHE_MS");
}

/** actorFromBearer behind the short-lived in-memory cache: what the API wrapper calls on every request. */
export async function actorFromBearerCached(token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const ttl = authCacheMs();
  if (ttl === 0) return actorFromBearer(token);
  const hash = hashSecret(token);
  const now = Date.now();
  const cached = tokenCache.get(hash);
  if (cached && cached.until > now) return cached.actor;
  let lookup = lookupsInFlight.get(hash);
  if (!lookup) {
    lookup = lookupToken(hash)
      .then((answer) => {
        tokenCache.delete(hash);
        if (tokenCache.size >= CACHE_MAX_ENTRIES) tokenCache.delete(tokenCache.keys().next().value!);
        tokenCache.set(hash, { actor: answer.actor, until: Math.min(now + ttl, answer.expiresAt ?? Infinity) });
        return answer;
      })
      .finally(() => lookupsInFlight.delete(hash));
    lookupsInFlight.set(hash, lookup);
  }
  return (await lookup).actor;
}

/** Drops a token's cached answer on this server (revocation is then immediate here, within the TTL elsewhere). */
export function forgetCachedToken(tokenId: number): void {
  for (const [hash, entry] of tokenCache) if (entry.actor?.id === tokenId) tokenCache.delete(hash);
}

/** Drops the cached answers of a user's tokens on this server (disable, role change, password reset). */
export function forgetCachedTokensOfUser(userId: number): void {
  for (const [hash, entry] of tokenCache) if (entry.actor?.userId === userId) tokenCache.delete(hash);
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
  clearPersonalData?: boolean;
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
      clearPersonalData: input.clearPersonalData ?? false,
      prefix,
      tokenHash: hashSecret(token),
    },
  });
  return { id: row.id, token, prefix, expiresAt: row.expiresAt };
}

/** The columns of a token row the admin screens show (never the hash). */
export const API_TOKEN_ROW_SELECT = {
  id: true,
  name: true,
  prefix: true,
  role: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  clearPersonalData: true,
  unmaskedReads: true,
  createdBy: { select: { email: true } },
} as const;

export async function listApiTokens(instanceId: number) {
  const db = await getDb();
  return db.apiToken.findMany({
    where: { instanceId, kind: "api" },
    orderBy: { createdAt: "desc" },
    select: API_TOKEN_ROW_SELECT,
  });
}

/** Revokes a token of the instance; false when there is no such token there. */
export async function revokeApiToken(instanceId: number, id: number): Promise<boolean> {
  const db = await getDb();
  const result = await db.apiToken.updateMany({
    where: { id, instanceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  forgetCachedToken(id);
  return result.count === 1;
}
