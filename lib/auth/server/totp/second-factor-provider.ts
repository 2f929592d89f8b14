import "server-only";
import { cookies } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "../../../config/index.ts";
import { clientAddress } from "../client-address.ts";
import { REMEMBERED_DEVICE_COOKIE, REMEMBERED_DEVICE_PATH, verifySecondFactor } from "../verify-second-factor.ts";

type Headers = Record<string, string | undefined>;

/**
 * The password step's answer when a code must follow. next-auth hands a refusal to the browser as its error text, so
 * the challenge and the remembered-device days travel there (in the answer to the sign-in's fetch, never in a URL
 * the browser opens): `SecondFactor:<days>:<challenge>`.
 */
export function secondFactorError(challenge: string, rememberDays: number): Error {
  return new Error(`SecondFactor:${rememberDays}:${challenge}`);
}

/** The remembered-device cookie the password step reads. */
export function rememberedDeviceOf(headers: Headers | undefined): string | null {
  const cookie = headers?.cookie ?? "";
  const match = new RegExp(`(?:^|;\\s*)${REMEMBERED_DEVICE_COOKIE}=([^;]+)`).exec(cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The sign-in's second step as a next-auth provider: the challenge and a code in, a session out. */
export const secondFactorProvider = CredentialsProvider({
  id: "second-factor",
  name: "Código de verificação",
  credentials: { challenge: { type: "hidden" }, code: { label: "Código", type: "text" }, remember: { type: "hidden" } },
  async authorize(credentials, request) {
    const headers = request?.headers as Headers | undefined;
    if (!credentials?.challenge || !credentials.code) return null;
    const result = await verifySecondFactor({
      challenge: credentials.challenge.slice(0, 200),
      code: credentials.code.slice(0, 40),
      remember: credentials.remember === "true",
      clientIp: clientAddress(headers),
    });
    if (!result.ok) {
      throw new Error(
        result.reason === "throttled" ? "Throttled" : result.reason === "expired" ? "ChallengeExpired" : "WrongCode",
      );
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
