import "server-only";
import type { z } from "zod";
import type { ZLgpdKeyInfo } from "../answers.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";

/** The answer of GET /api/admin/lgpd-key (its contract's schema). */
type LgpdKeyInfo = z.infer<typeof ZLgpdKeyInfo>;

/** The LGPD URLs of instance `slug` under `origin` (the spec's `{lgpd_url}` is `<origin>/api`). */
function lgpdUrls(origin: string, slug: string) {
  const base = `${origin}/api/lgpd/${encodeURIComponent(slug)}`;
  return { request_url: `${base}/request`, status_url: `${base}/status/{cpf}` };
}

/**
 * What an admin may know about the instance's LGPD key: whether it exists, its last characters and its use, and the
 * LGPD URLs under `origin` (the public origin the request came to).
 */
export async function describeLgpdKey(ctx: UseCaseContext, input: { origin: string }): Promise<LgpdKeyInfo> {
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({
    where: { id: ctx.actor.instanceId },
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
    ...lgpdUrls(input.origin, instance.slug),
  };
}
