import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddress } from "./client-address.ts";
import { appSecret } from "./secrets.ts";
import { safeCallbackUrl } from "../safe-callback.ts";
import { SESSION_IDLE_SECONDS } from "../session-policy.ts";
import { endStaffSession, startStaffSession } from "./staff-sessions.ts";
import { verifyCredentials } from "./verify-credentials.ts";
import { rememberedDeviceOf, secondFactorError, secondFactorProvider } from "./totp/second-factor-provider.ts";
import { config } from "../../config/index.ts";

export const authOptions: NextAuthOptions = {
  // Read when next-auth first needs it (not at import), so `next build` works without the secret.
  get secret() {
    return appSecret();
  },
  session: { strategy: "jwt", maxAge: SESSION_IDLE_SECONDS, updateAge: 60 },
  pages: { signIn: "/signin", error: "/signin" },
  useSecureCookies: config("NEXTAUTH_URL")?.startsWith("https://") ?? false,
  providers: [
    CredentialsProvider({
      name: "E-mail",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Senha", type: "password" } },
      async authorize(credentials, request) {
        if (!credentials?.email || !credentials.password) return null;
        const result = await verifyCredentials({
          email: credentials.email,
          password: credentials.password,
          clientIp: clientAddress(request?.headers as Record<string, string | undefined>),
          web: true,
          rememberedDevice: rememberedDeviceOf(request?.headers as Record<string, string | undefined>),
        });
        if (!result.ok && result.reason === "second_factor") {
          throw secondFactorError(result.challenge ?? "", result.rememberDays ?? 0);
        }
        if (!result.ok) {
          throw new Error(
            result.reason === "throttled"
              ? "Throttled"
              : result.reason === "integration"
                ? "Integration"
                : result.reason === "sso_only"
                  ? "SsoOnly"
                  : "CredentialsSignin",
          );
        }
        const userAgent = (request?.headers as Record<string, string | undefined> | undefined)?.["user-agent"];
        // The device travels to the jwt callback below, which starts the server-side session with it.
        return { id: String(result.user.id), email: result.user.email, name: result.user.name, userAgent };
      },
    }),
    secondFactorProvider,
  ],
  callbacks: {
    async jwt({ token, user }) {
      // authTime marks the sign-in; session-actor.ts enforces the absolute lifetime and revocation from it. The
      // session id names the server-side row that sign-out revokes (staff-sessions.ts).
      if (user) {
        token.authTime = Math.floor(Date.now() / 1000);
        token.sid = await startStaffSession(Number(user.id), {
          userAgent: (user as { userAgent?: string }).userAgent ?? null,
        });
      }
      return token;
    },
    async session({ session, token }) {
      // directoryMfa: a single sign-on whose directory did the second factor (lib/sso/server/sso-session.ts).
      return {
        ...session,
        userId: Number(token.sub),
        authTime: token.authTime,
        sid: token.sid,
        directoryMfa: token.sso === true && token.directoryMfa === true,
      };
    },
    // Only this origin: next-auth's own check lets `/\evil.example` through as a path.
    async redirect({ url, baseUrl }) {
      return new URL(safeCallbackUrl(url, baseUrl), baseUrl).toString();
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await endStaffSession(token.sid);
    },
  },
};
