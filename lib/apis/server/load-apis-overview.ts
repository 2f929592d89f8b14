import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

/** The APIs menu's overview: the LGPD key's last characters (null: none yet) and the active API tokens. */
export async function loadApisOverview(
  ctx: UseCaseContext,
): Promise<{ keyLastChars: string | null; activeTokens: number }> {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const now = new Date();
  const [key, activeTokens] = await Promise.all([
    db.lgpdKey.findUnique({ where: { instanceId }, select: { lastChars: true } }),
    db.apiToken.count({
      where: { instanceId, kind: "api", revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    }),
  ]);
  return { keyLastChars: key?.lastChars ?? null, activeTokens };
}
