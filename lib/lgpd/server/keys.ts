import "server-only";
import { getDb } from "../../db/client.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";
import { authCacheMs } from "../../auth/server/api-tokens.ts";
import { generateSecret, hashSecret, secretMatches } from "../../auth/server/secrets.ts";

const LAST_USED_RESOLUTION_MS = 60_000;
// Compared against when the instance is unknown or has no key, so timing does not reveal which slugs exist.
const DECOY_HASH = hashSecret("no-such-lgpd-key");

/** Generates or replaces the instance's LGPD key; the key is returned once, only its hash is kept. With `overlapHours`
 * > 0 the replaced key keeps working beside the new one until then (callers switch without an outage). */
export async function rotateLgpdKey(
  instanceId: number,
  createdById: number | null = null,
  overlapHours = 0,
): Promise<{ key: string; lastChars: string; previousUntil: Date | null }> {
  const db = await getDb();
  const key = generateSecret("lgpd");
  const lastChars = key.slice(-4);
  const existing = await db.lgpdKey.findUnique({ where: { instanceId }, select: { keyHash: true, lastChars: true } });
  const previousUntil = existing && overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
  const data = {
    keyHash: hashSecret(key),
    lastChars,
    createdById,
    createdAt: new Date(),
    lastUsedAt: null,
    previousKeyHash: previousUntil ? existing!.keyHash : null,
    previousLastChars: previousUntil ? existing!.lastChars : null,
    previousUntil,
  };
  await db.lgpdKey.upsert({ where: { instanceId }, create: { instanceId, ...data }, update: data });
  // Also the cached "no such instance" answers: one of them may be this instance's slug, looked up before it existed.
  for (const [slug, entry] of keyCache) {
    if (entry.instanceId === instanceId || entry.instanceId === null) keyCache.delete(slug);
  }
  return { key, lastChars, previousUntil };
}

/** Whether `presented` is the current key or, inside its overlap window, the previous one. Both are compared every
 * time (constant time each), so the answer's timing does not say which one matched. */
function keyMatches(
  presented: string,
  stored: { keyHash: string | null; previousKeyHash: string | null; previousUntil: Date | null },
  now: Date,
): boolean {
  const current = secretMatches(presented, stored.keyHash ?? DECOY_HASH);
  const previous = secretMatches(presented, stored.previousKeyHash ?? DECOY_HASH);
  const previousValid = stored.previousKeyHash !== null && stored.previousUntil !== null && stored.previousUntil > now;
  return (current && stored.keyHash !== null) || (previous && previousValid);
}

/** The instance id when `presentedKey` is the current LGPD key of instance `slug`, else null (unknown slug included). */
export async function instanceForLgpdKey(slug: string, presentedKey: string | null): Promise<number | null> {
  const db = await getDb();
  const instance = await db.instance.findUnique({ where: { slug }, select: { id: true, lgpdKey: true } });
  const now = new Date();
  const matches = keyMatches(
    presentedKey ?? "",
    {
      keyHash: instance?.lgpdKey?.keyHash ?? null,
      previousKeyHash: instance?.lgpdKey?.previousKeyHash ?? null,
      previousUntil: instance?.lgpdKey?.previousUntil ?? null,
    },
    now,
  );
  if (!instance?.lgpdKey || !presentedKey || !matches) return null;
  const lastUsed = instance.lgpdKey.lastUsedAt;
  if (!lastUsed || now.getTime() - lastUsed.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.lgpdKey.update({ where: { instanceId: instance.id }, data: { lastUsedAt: now } });
  }
  return instance.id;
}

// The request path's cache: instance slug → its id and current key hash, for API_AUTH_CACHE_MS (default 5 s), so an
// LGPD call does not read the key row each time. The presented key is still compared (constant time) on every call.
// A rotation on this server drops the entry at once; on another server the old key works at most that long.
const keyCache = ((globalThis as Record<string, unknown>).__docflowLgpdKeyCache ??= new Map()) as Map<
  string,
  {
    instanceId: number | null;
    keyHash: string | null;
    previousKeyHash: string | null;
    previousUntil: Date | null;
    until: number;
  }
>;
// When lastUsedAt was last written, per key (its hash): a rotated key's first use is recorded even within a minute of
// the old key's last write. On globalThis like the cache above.
const lastUsedWritten = ((globalThis as Record<string, unknown>).__docflowLgpdKeyLastUsed ??= new Map()) as Map<
  string,
  number
>;
registerProcessCache("lgpd-keys", () => {
  keyCache.clear();
  lastUsedWritten.clear();
});

/** instanceForLgpdKey behind the short-lived cache (what the LGPD routes call); lastUsedAt at most once a minute. */
export async function instanceForLgpdKeyCached(slug: string, presentedKey: string | null): Promise<number | null> {
  const ttl = authCacheMs();
  if (ttl === 0) return instanceForLgpdKey(slug, presentedKey);
  const now = Date.now();
  let entry = keyCache.get(slug);
  if (!entry || entry.until <= now) {
    const db = await getDb();
    const instance = await db.instance.findUnique({ where: { slug }, select: { id: true, lgpdKey: true } });
    entry = {
      instanceId: instance?.id ?? null,
      keyHash: instance?.lgpdKey?.keyHash ?? null,
      previousKeyHash: instance?.lgpdKey?.previousKeyHash ?? null,
      previousUntil: instance?.lgpdKey?.previousUntil ?? null,
      until: now + ttl,
    };
    if (keyCache.size >= 1_000) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(slug, entry);
    const lastUsed = instance?.lgpdKey?.lastUsedAt?.getTime();
    if (entry.keyHash !== null && lastUsed) lastUsedWritten.set(entry.keyHash, lastUsed);
  }
  const matches = keyMatches(presentedKey ?? "", entry, new Date(now));
  if (entry.instanceId === null || entry.keyHash === null || !presentedKey || !matches) return null;
  if (now - (lastUsedWritten.get(entry.keyHash) ?? 0) > LAST_USED_RESOLUTION_MS) {
    if (lastUsedWritten.size >= 1_000) lastUsedWritten.delete(lastUsedWritten.keys().next().value!);
    lastUsedWritten.set(entry.keyHash, now);
    const db = await getDb();
    await db.lgpdKey.updateMany({ where: { instanceId: entry.instanceId }, data: { lastUsedAt: new Date(now) } });
  }
  return entry.instanceId;
}
