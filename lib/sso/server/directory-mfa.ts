// Whether a single sign-on's directory already asked this person for a second factor: the instance's admin says the
// directory always does ("O diretório exige autenticação em dois fatores"), or the ID token's `amr` claim (RFC 8176)
// names a method that is one. Either way DocFlow asks for no code of its own at this sign-in.
import "server-only";

/** RFC 8176 values that mean more than a password: "mfa" itself, and the possession factors. */
const SECOND_FACTOR_METHODS = new Set(["mfa", "otp", "sms", "hwk", "swk", "sc"]);

export function amrNamesSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((method) => typeof method === "string" && SECOND_FACTOR_METHODS.has(method));
}

export function directoryDidMfa(settings: { directoryEnforcesMfa: boolean }, claims: Record<string, unknown>): boolean {
  return settings.directoryEnforcesMfa || amrNamesSecondFactor(claims.amr);
}
