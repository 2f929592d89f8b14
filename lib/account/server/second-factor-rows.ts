import "server-only";
import { forbidden } from "../../errors/app-error.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { ownUserId } from "./session-rows.ts";

/** A factor is enrolled from a browser session of the person (not a sign-in token: a program has no phone). */
export function ownSessionUserId(ctx: UseCaseContext): number {
  if (ctx.actor.type !== "user") throw forbidden("A second factor is enrolled from a signed-in browser");
  return ownUserId(ctx);
}
