import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { rotateLgpdKey } from "../../lgpd/server/keys.ts";

export type LgpdKeyInfo = {
  configured: boolean;
  last_chars: string | null;
  created_at: string | null;
  created_by: string | null;
  last_used_at: string | null;
  /** The key before the last rotation while it still works (overlap window), else null. */
  previous_last_chars: string | null;
  previous_valid_until: string | null;
  instance: string;
  request_url: string;
  /** With `{cpf}` where the CPF goes. */
  status_url: string;
};

/** The LGPD URLs of instance `slug` under `origin` (the spec's `{lgpd_url}` is `<origin>/api`). */
export function lgpdUrls(origin: string, slug: string) {
  const base = `${origin}/api/lgpd/${encodeURIComponent(slug)}`;
  return { request_url: `${base}/request`, status_url: `${base}/status/{cpf}` };
}

/** What an admin may know about the instance's LGPD key: whether it exists, its last characters and its use. */
export async function describeLgpdKey(instanceId: number, origin: string): Promise<LgpdKeyInfo> {
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({
    where: { id: instanceId },
    select: {
      slug: true,
      lgpdKey: {
        select: {
          lastChars: true,
          createdAt: true,
          lastUsedAt: true,
          createdById: true,
          previousLastChars: true,
          previousUntil: true,
        },
      },
    },
  });
  const key = instance.lgpdKey;
  const creator = key?.createdById
    ? await db.user.findUnique({ where: { id: key.createdById }, select: { email: true } })
    : null;
  const overlapOpen = Boolean(key?.previousUntil && key.previousUntil > new Date());
  return {
    configured: Boolean(key),
    last_chars: key?.lastChars ?? null,
    created_at: key?.createdAt.toISOString() ?? null,
    created_by: creator?.email ?? null,
    last_used_at: key?.lastUsedAt?.toISOString() ?? null,
    previous_last_chars: overlapOpen ? key!.previousLastChars : null,
    previous_valid_until: overlapOpen ? key!.previousUntil!.toISOString() : null,
    instance: instance.slug,
    ...lgpdUrls(origin, instance.slug),
  };
}

/**
 * Generates (first time) or replaces the instance's LGPD key and records who did it (the APIs menu and the CLI).
 * The key is returned to the caller once; only its hash is stored and the audit line holds its last characters.
 * `overlapHours` > 0 keeps the replaced key working until then (the console's default is 24 h; 0 = at once).
 */
export async function replaceLgpdKey(actor: Actor, overlapHours = 0): Promise<{ key: string; replaced: boolean }> {
  const db = await getDb();
  const existing = await db.lgpdKey.findUnique({ where: { instanceId: actor.instanceId }, select: { id: true } });
  const { key, lastChars } = await rotateLgpdKey(actor.instanceId, actor.userId, overlapHours);
  await recordAudit(db, actor, {
    action: existing ? "lgpd_key.rotate" : "lgpd_key.generate",
    entity: "lgpd_key",
    entityId: actor.instanceId,
    details: { last_chars: lastChars, ...(existing ? { overlap_hours: overlapHours } : {}) },
  });
  return { key, replaced: Boolean(existing) };
}

/** POST /api/admin/lgpd-key/rotate: the new key once, with what an admin may know about it. */
export async function rotateInstanceLgpdKey(actor: Actor, origin: string, input: { overlap_hours?: number } = {}) {
  const { key } = await replaceLgpdKey(actor, input.overlap_hours ?? 0);
  return { key, ...(await describeLgpdKey(actor.instanceId, origin)) };
}
