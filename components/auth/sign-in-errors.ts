// The sign-in page's error text for the code next-auth or the single sign-on hands back (`?error=` or signIn's result).
const KEYS = {
  Throttled: "throttled",
  Integration: "integration",
  SsoOnly: "ssoOnly",
  SsoUnavailable: "ssoUnavailable",
  SsoFailed: "ssoFailed",
  SsoDomain: "ssoDomain",
  SsoNoAccess: "ssoNoAccess",
  SsoDisabled: "ssoDisabled",
} as const;

/** The "auth" namespace's key for the code; any other code reads as a wrong e-mail or password. */
export function signInErrorKey(code: string): (typeof KEYS)[keyof typeof KEYS] | "invalid" {
  return Object.hasOwn(KEYS, code) ? KEYS[code as keyof typeof KEYS] : "invalid";
}
