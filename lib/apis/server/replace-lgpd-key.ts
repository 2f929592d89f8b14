import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { rotateLgpdKey } from "../../lgpd/server/keys.ts";

/**
 * Generates (first time) or replaces the instance's LGPD key and records who did it (the APIs menu and the CLI).
 * The key is returned to the caller once; only its hash is stored and the audit line holds its last characters.
 * `overlapHours` > 0 keeps the replaced key working until then (the console's default is 24 h; 0 = at once).
 */
export async function replaceLgpdKey(
  ctx: UseCaseContext,
  { overlapHours = 0 }: { overlapHours?: number } = {},
): Promise<{ key: string; replaced: boolean }> {
  const { actor } = ctx;
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
