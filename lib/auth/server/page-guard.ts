import "server-only";
import { redirect } from "next/navigation";
import type { Role } from "../roles.ts";
import { hasRole, type Actor } from "../actor.ts";
import { currentStaffSession } from "./session-actor.ts";

/** Where a person whose second factor is required but not enrolled is sent, before anything else. */
export const FACTOR_ENROLMENT_PATH = "/conta/segundo-fator";

/**
 * For server components and actions: the signed-in actor with at least `role`, else sign-in / forbidden page — or
 * the second factor's enrolment when the instance requires one this person has not enrolled yet.
 */
export async function requireStaff(role: Role = "viewer", options: { duringFactorEnrolment?: boolean } = {}) {
  const state = await currentStaffSession();
  if (!state) redirect("/signin");
  if (state.mustEnrolFactor && !options.duringFactorEnrolment) redirect(FACTOR_ENROLMENT_PATH);
  const actor: Actor = state.actor;
  if (!hasRole(actor, role)) redirect("/forbidden");
  return actor;
}
