import "server-only";
import { getDb } from "../db/client.ts";
import { generateSecret, hashSecret, secretMatches } from "../auth/secrets.ts";

const LAST_USED_RESOLUTION_MS = 60_000;
// Compared against when the instance is unknown or has no key, so timing does not reveal which slugs exist.
const DECOY_HASH = hashSecret("no-such-lgpd-key");

/** Generates or replaces the instance's LGPD key; the key is returned once, only its hash is kept. */
export async function rotateLgpdKey(
  instanceId: number,
  createdById: number | null = null,
): Promise<{ key: string; lastChars: string }> {
  const db = await getDb();
  const key = generateSecret("lgpd");
  const lastChars = key.slice(-4);
  const data = { keyHash: hashSecret(key), lastChars, createdById, createdAt: new Date(), lastUsedAt: null };
  await db.lgpdKey.upsert({ where: { instanceId }, create: { instanceId, ...data }, update: data });
  return { key, lastChars };
}

/** The instance id when `presentedKey` is the current LGPD key of instance `slug`, else null (unknown slug included). */
export async function instanceForLgpdKey(slug: string, presentedKey: string | null): Promise<number | null> {
  const db = await getDb();
  const instance = await db.instance.findUnique({ where: { slug }, select: { id: true, lgpdKey: true } });
  const stored = instance?.lgpdKey?.keyHash ?? DECOY_HASH;
  const matches = secretMatches(presentedKey ?? "", stored);
  if (!instance?.lgpdKey || !presentedKey || !matches) return null;
  const now = new Date();
  const lastUsed = instance.lgpdKey.lastUsedAt;
  if (!lastUsed || now.getTime() - lastUsed.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.lgpdKey.update({ where: { instanceId: instance.id }, data: { lastUsedAt: now } });
  }
  return instance.id;
}
