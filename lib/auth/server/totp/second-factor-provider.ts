import "server-only";
import { cookies } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "../../../config/index.ts";
import { clientAddress } from "../client-address.ts";
import {
  REMEMBERED_DEVICE_COOKIE,
  REMEMBERED_DEVICE_PATH,
  SSO_CHALLENGE_COOKIE,
  SSO_CHALLENGE_PATH,
  verifySecondFactor,
} from "../verify-second-factor.ts";

type Headers = Record<string, string | undefined>;

/**
 * The password step's answer when a code must follow. next-auth hands a refusal to the browser as its error text, so
 * the challenge and the remembered-device days travel there (in the answer to the sign-in's fetch, never in a URL
 * the browser opens): `SecondFactor:<days>:<challenge>`.
 */
export function secondFactorError(challenge: string, rememberDays: number): Error {
  return new Error(`SecondFactor:${rememberDays}:${challenge}`);
}

function cookieOf(headers: Headers | undefined, name: string): string | null {
  const cookie = headers?.cookie ?? "";
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The remembered-device cookie the password step reads. */
export function rememberedDeviceOf(headers: Headers | undefined): string | null {
  return cookieOf(headers, REMEMBERED_DEVICE_COOKIE);
}

/**
 * The sign-in's second step as a next-auth provider: the challenge and a code in, a session out. The challenge comes
 * in the form after a password, or in the single sign-on's httpOnly cookie after the directory (the form's is empty).
 */
export const secondFactorProvider = CredentialsProvider({
  id: "second-factor",
  name: "Código de verificação",
  credentials: { challenge: { type: "hidden" }, code: { label: "Código", type: "text" }, remember: { type: "hidden" } },
  async authorize(credentials, request) {
    const headers = request?.headers as Headers | undefined;
    const ssoChallenge = cookieOf(headers, SSO_CHALLENGE_COOKIE);
    const challenge = credentials?.challenge || ssoChallenge;
    if (!challenge || !credentials?.code) return null;
    const result = await verifySecondFactor({
      challenge: challenge.slice(0, 200),
      code: credentials.code.slice(0, 40),
      remember: credentials.remember === "true",
      clientIp: clientAddress(headers),
    });
    if (!result.ok) {
      throw new Error(
        result.reason === "throttled" ? "Throttled" : result.reason === "expired" ? "ChallengeExpired" : "WrongCode",
      );
    }
    if (ssoChallenge) {
      (await cookies()).set(SSO_CHALLENGE_COOKIE, "", { httpOnly: true, path: SSO_CHALLENGE_PATH, maxAge: 0 });
    }
    if (result.rememberDevice) {
      // Set on the sign-in's own answer (Next adds cookies set during a route handler to its response).
      (await cookies()).set(REMEMBERED_DEVICE_COOKIE, result.rememberDevice.value, {
        httpOnly: true,
        sameSite: "lax",
        secure: config("NEXTAUTH_URL")?.startsWith("https://") ?? false,
        path: REMEMBERED_DEVICE_PATH,
        maxAge: result.rememberDevice.days * 86_400,
      });
    }
    return {
      id: String(result.user.id),
      email: result.user.email,
      name: result.user.name,
      userAgent: headers?.["user-agent"],
    };
  },
});
