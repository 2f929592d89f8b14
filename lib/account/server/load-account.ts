import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { isLocale } from "../../i18n/messages.ts";
import { ownUserId } from "./session-rows.ts";

/** "Minha conta": who is signed in, as they may change it. */
export async function loadAccount(ctx: UseCaseContext) {
  const db = await getDb();
  const user = await db.user.findFirst({ where: { id: ownUserId(ctx), instanceId: ctx.actor.instanceId } });
  if (!user) throw notFound("User not found");
  return serializeAccount(user);
}

export function serializeAccount(user: {
  id: number;
  email: string;
  name: string;
  role: "admin" | "staff" | "viewer";
  locale: string | null;
  notifyUnassigned: boolean;
  notifyByEmail: boolean;
}) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    locale: isLocale(user.locale) ? user.locale : null,
    notify_unassigned: user.notifyUnassigned,
    notify_by_email: user.notifyByEmail,
  };
}
