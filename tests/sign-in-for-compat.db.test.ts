// The original service's sign-in as a use-case (lib/auth/server/sign-in-for-compat.ts), without Next: the answer's
// epoch-seconds expiration, the remembered token, and the refusals the route maps to 401 and 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInForCompat } from "@/lib/auth/server/sign-in-for-compat.ts";
import { THROTTLE_LIMITS } from "@/lib/auth/server/sign-in-throttle.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { httpErrorFromAppError } from "@/lib/http/errors.ts";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";
import { refusal } from "./helpers/refusal.ts";

const PASSWORD = "a-long-enough-password";
let cleanup: () => Promise<void>;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  const { instanceId } = await createInstanceWithCatalog(db, "compat-sign-in");
  // Test-sized scrypt (tests/helpers/passwords.ts): the same verifyPassword, ~10x cheaper for the 7 checks below.
  const passwordHash = await hashTestPassword(PASSWORD);
  for (const email of ["clerk@example.com", "locked@example.com"]) {
    await db.user.create({ data: { instanceId, name: email, email, role: "staff", passwordHash } });
  }
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("signInForCompat", () => {
  it("answers {token, expiration} in epoch seconds; a repeat gets the same live token without a password check", async () => {
    let checks = 0;
    const input = { email: "clerk@example.com", password: PASSWORD, beforePasswordWork: () => void checks++ };
    const before = Math.floor(Date.now() / 1000);
    const first = await signInForCompat({ address: "203.0.113.7" }, input);
    expect(Object.keys(first).sort()).toEqual(["expiration", "token"]);
    expect(Number.isInteger(first.expiration)).toBe(true);
    expect(first.expiration).toBeGreaterThan(before + 60);
    expect(first.expiration).toBeLessThan(before + 366 * 86_400);
    expect(checks).toBe(1);
    const again = await signInForCompat({ address: "203.0.113.7" }, { ...input, email: " CLERK@example.com " });
    expect(again).toEqual(first);
    expect(checks).toBe(1);
  });

  it("a wrong password is unauthenticated (401, the original's text)", async () => {
    const error = await refusal(
      signInForCompat(
        { address: "203.0.113.8" },
        { email: "clerk@example.com", password: "wrong password!", beforePasswordWork: () => {} },
      ),
    );
    expect(error).toMatchObject({
      kind: "unauthenticated",
      code: "unauthorized",
      message: "Invalid e-mail or password",
    });
    expect(httpErrorFromAppError(error).status).toBe(401);
  });

  it("a locked e-mail is throttled with its retry time (429 + retry-after), even with the right password", async () => {
    const sign = (password: string) =>
      signInForCompat(
        { address: "203.0.113.9" },
        { email: "locked@example.com", password, beforePasswordWork: () => {} },
      );
    for (let i = 0; i < THROTTLE_LIMITS.email; i++) await refusal(sign("wrong password!"));
    const error = await refusal(sign(PASSWORD));
    expect(error).toMatchObject({ kind: "throttled", message: "Too many failed sign-ins, try again later" });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    const http = httpErrorFromAppError(error);
    expect(http.status).toBe(429);
    expect(http.headers?.["retry-after"]).toBe(String(error.retryAfterSeconds));
  });
});
