import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { describeLgpdKey } from "./describe-lgpd-key.ts";
import { replaceLgpdKey } from "./replace-lgpd-key.ts";

/** POST /api/admin/lgpd-key/rotate: the new key once, with what an admin may know about it. */
export async function rotateInstanceLgpdKey(ctx: UseCaseContext, input: { origin: string; overlap_hours?: number }) {
  const { key } = await replaceLgpdKey(ctx, { overlapHours: input.overlap_hours ?? 0 });
  return { key, ...(await describeLgpdKey(ctx, { origin: input.origin })) };
}
