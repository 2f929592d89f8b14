import "server-only";
import { redirect } from "next/navigation";
import type { Role } from "../roles.ts";
import { hasRole, type Actor } from "../actor.ts";
import { currentStaffActor } from "./session-actor.ts";

/** For server components and actions: the signed-in actor with at least `role`, else sign-in / forbidden page. */
export async function requireStaff(role: Role = "viewer"): Promise<Actor> {
  const actor = await currentStaffActor();
  if (!actor) redirect("/signin");
  if (!hasRole(actor, role)) redirect("/forbidden");
  return actor;
}
