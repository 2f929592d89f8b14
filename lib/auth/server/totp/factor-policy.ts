import "server-only";
import type { Role } from "../../roles.ts";

export type SecondFactorRequirement = "none" | "admins" | "everyone";

/**
 * Whether this person must sign in with a second factor in their instance. Integration accounts never (they have no
 * web sign-in, and their sign-in tokens are for programs). `signIn.directoryMfa` is for a single sign-on whose
 * directory already asked for a second factor (an `amr` claim naming one): such a sign-in is not asked again — the
 * single sign-on's provider is where that is decided.
 */
export function factorRequiredFor(
  user: { role: Role; integration: boolean },
  instance: { secondFactorRequiredFor: SecondFactorRequirement },
  signIn: { directoryMfa?: boolean } = {},
): boolean {
  if (user.integration || signIn.directoryMfa) return false;
  if (instance.secondFactorRequiredFor === "everyone") return true;
  return instance.secondFactorRequiredFor === "admins" && user.role === "admin";
}

/**
 * A person whose factor is required but not yet enrolled: their session may do nothing but enrol. Not a session whose
 * single sign-on's directory did the second factor (`signIn.directoryMfa`, from the session token).
 */
export function mustEnrolFactor(
  user: { role: Role; integration: boolean; secondFactor: { confirmedAt: Date | null } | null },
  instance: { secondFactorRequiredFor: SecondFactorRequirement },
  signIn: { directoryMfa?: boolean } = {},
): boolean {
  return factorRequiredFor(user, instance, signIn) && !user.secondFactor?.confirmedAt;
}
