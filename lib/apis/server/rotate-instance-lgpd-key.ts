import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { describeLgpdKey } from "./describe-lgpd-key.ts";
import { replaceLgpdKey } from "./replace-lgpd-key.ts";

/** POST /api/admin/lgpd-key/rotate: the new key once, with what an admin may know about it. */
export async function rotateInstanceLgpdKey(ctx: UseCaseContext, input: { origin: string }) {
  const { key } = await replaceLgpdKey(ctx);
  return { key, ...(await describeLgpdKey(ctx, input)) };
}
