import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { rawQuery } from "../../db/raw-query.ts";
import { recordSignInFailure } from "../../metrics/server/metrics.ts";
import { appSecret, hashSecret } from "./secrets.ts";
import { issueSessionToken } from "./session-token.ts";
import { throttleKeys } from "./sign-in-throttle.ts";
import { verifyCredentials } from "./verify-credentials.ts";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

// The original service's clients sign in before every call (docs/migrating.md). A full password check is a scrypt
// hash (~100 ms of a core, 128 MB) and every sign-in leaves a token row, so this remembers, for a few minutes and in
// this process only, the token a successful sign-in got — keyed by an HMAC (server secret) of e-mail + password, never
// the password. A repeat of the same e-mail and password gets the same live token back after ONE indexed query that
// re-reads the user (its password hash, role, disabled flag, sessions stamp), the throttle locks of its keys and the
// token's row: a password change, disable, role change or sign-out anywhere — on any app server, since it is read
// from the database — makes the stamp differ and the entry is dropped. Anything else (a first sign-in, a wrong
// password, an unknown e-mail) goes through verifyCredentials unchanged: the same brakes, the same costs.
// docs/decisions/0044-clients-of-the-original-service.md gives the security argument.

const MAX_ENTRIES = 10_000;
/** A token is handed out again only while it has at least this long to live. */
const MIN_TOKEN_LIFE_MS = 5 * 60_000;

type Entry = { stamp: Buffer; token: string; expiration: Date; until: number };
type Cache = Map<string, Entry>;
const cache: Cache = ((globalThis as Record<string, unknown>).__docflowSignInReuse ??= new Map()) as Cache;
registerProcessCache("sign-in-reuse", () => cache.clear());

type SignInResult =
  | { ok: true; token: string; expiration: Date; reused: boolean }
  | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds?: number };

/** SIGN_IN_REUSE_SECONDS (default 300; 0 turns reuse off): how long a verified e-mail + password is remembered. */
function signInReuseSeconds(): number {
  return config("SIGN_IN_REUSE_SECONDS");
}

const credentialKey = (email: string, password: string) =>
  createHmac("sha256", appSecret()).update(`sign-in-reuse\0${email}\0${password}`, "utf8").digest("hex");

type UserState = {
  id: number;
  role: string;
  disabled: boolean;
  passwordHash: string;
  sessionsValidFrom: Date;
  lockedUntil: Date | null;
  tokenLive: boolean;
};

// One statement: the user's stamp, whether any throttle key of this sign-in is locked, whether the token still works.
const STATE_SQL = `SELECT u."id", u."role"::text AS "role", u."disabled", u."passwordHash", u."sessionsValidFrom",
    (SELECT max(t."lockedUntil") FROM "SignInThrottle" t
      WHERE t."key" = ANY($2::text[]) AND t."lockedUntil" > now()) AS "lockedUntil",
    EXISTS (SELECT 1 FROM "ApiToken" k WHERE k."tokenHash" = $3 AND k."userId" = u."id" AND k."revokedAt" IS NULL
      AND k."expiresAt" > now()) AS "tokenLive"
  FROM "User" u WHERE u."email" = $1`;

/** What must not change for a remembered sign-in to stay good; a hash, so the entry holds no password hash. */
function stampOf(user: Pick<UserState, "id" | "role" | "disabled" | "passwordHash" | "sessionsValidFrom">): Buffer {
  const parts = [user.id, user.role, user.disabled, user.passwordHash, new Date(user.sessionsValidFrom).toISOString()];
  return createHash("sha256").update(parts.join("\0")).digest();
}

async function readState(email: string, lockKeys: string[], token: string): Promise<UserState | null> {
  const {
    rows: [row],
  } = await rawQuery<UserState>(STATE_SQL, [email, lockKeys, hashSecret(token)]);
  return row ?? null;
}

function remember(key: string, entry: Entry) {
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/**
 * Sign-in for the compatibility route: the remembered live token when the same e-mail + password signed in
 * recently and nothing about the user changed; otherwise `beforePasswordWork` (the caller's flood brake on real
 * password checks) and the full verifyCredentials + a new token.
 */
export async function signInReusingToken(input: {
  email: string;
  password: string;
  clientIp: string | null;
  beforePasswordWork: () => void | Promise<void>;
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const ttlMs = signInReuseSeconds() * 1000;
  const key =
    ttlMs > 0 && email.length <= 320 && input.password.length <= 1024 ? credentialKey(email, input.password) : null;
  const lockKeys = throttleKeys(email, input.clientIp).map((entry) => entry.key);
  const now = Date.now();
  const entry = key ? cache.get(key) : undefined;
  if (key && entry) {
    // An expired entry is dropped without a database read; a live one is checked against the user's current state.
    const state = entry.until > now ? await readState(email, lockKeys, entry.token) : null;
    if (state?.lockedUntil) {
      // Exactly as verifyCredentials: while a key is locked even the right password is refused.
      recordSignInFailure("throttled");
      const retryAfterSeconds = Math.max(1, Math.ceil((new Date(state.lockedUntil).getTime() - now) / 1000));
      return { ok: false, reason: "throttled", retryAfterSeconds };
    }
    if (state && !state.disabled && state.tokenLive && timingSafeEqual(stampOf(state), entry.stamp)) {
      return { ok: true, token: entry.token, expiration: entry.expiration, reused: true };
    }
    cache.delete(key);
  }

  await input.beforePasswordWork();
  // The stamp is read BEFORE the password check: a change that lands in between leaves an entry that no longer matches.
  const before = key ? await readState(email, lockKeys, "") : null;
  const result = await verifyCredentials({ email, password: input.password, clientIp: input.clientIp });
  // "integration" is the web sign-in's refusal only; a token sign-in never meets it.
  if (!result.ok) return { ...result, reason: result.reason === "throttled" ? "throttled" : "invalid" };
  const issued = await issueSessionToken(result.user);
  if (key && before && before.id === result.user.id) {
    const until = Math.min(now + ttlMs, issued.expiration.getTime() - MIN_TOKEN_LIFE_MS);
    if (until > now)
      remember(key, { stamp: stampOf(before), token: issued.token, expiration: issued.expiration, until });
  }
  return { ok: true, token: issued.token, expiration: issued.expiration, reused: false };
}
