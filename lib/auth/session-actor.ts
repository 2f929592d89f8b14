import "server-only";
import type { Actor } from "./actor.ts";

/**
 * The staff session behind a cookie-authenticated call. Sign-in (next-auth) is added by the staff web
 * application; until then no request carries a session.
 */
export async function actorFromSession(_request: Request): Promise<Actor | null> {
  return null;
}
