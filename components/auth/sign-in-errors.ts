// The sign-in page's error text for the code next-auth or the single sign-on hands back (`?error=` or signIn's result).
const TEXTS: Record<string, string> = {
  Throttled: "throttled",
  Integration: "integration",
  SsoOnly: "ssoOnly",
  SsoUnavailable: "ssoUnavailable",
  SsoFailed: "ssoFailed",
  SsoDomain: "ssoDomain",
  SsoNoAccess: "ssoNoAccess",
  SsoDisabled: "ssoDisabled",
};

/** `t` is the "auth" namespace's translator; any other code reads as a wrong e-mail or password. */
export function signInErrorText(t: (key: string) => string, code: string): string {
  return t(Object.hasOwn(TEXTS, code) ? TEXTS[code]! : "invalid");
}
