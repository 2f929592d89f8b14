// /api/auth/* — next-auth (sign-in with e-mail + password, JWT session cookie, sign-out).
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/server/auth-options.ts";

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
