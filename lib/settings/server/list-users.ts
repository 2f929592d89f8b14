import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeUser } from "./user-rows.ts";

// Staff users of the instance: create (password typed or generated, shown once), role, disable/enable, reset.
// Passwords and hashes never leave this module except a generated password in the one answer that creates it.
export async function listUsers(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const users = await db.user.findMany({ where: { instanceId }, orderBy: [{ disabled: "asc" }, { email: "asc" }] });
  return users.map(serializeUser);
}
