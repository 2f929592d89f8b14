import "server-only";
import { timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import { getDb } from "../../db/client.ts";
import { log } from "../../log.ts";
import { systemActor } from "../../auth/actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { hashSecret } from "../../auth/server/secrets.ts";
import { secondFactorGate, type SecondFactorGate } from "../../auth/server/verify-second-factor.ts";
import { directoryDidMfa } from "./directory-mfa.ts";
import { issuerConfiguration } from "./issuer-config.ts";
import { groupsOf, provisionSsoUser } from "./provision-sso-user.ts";
import { readSsoSettings } from "./sso-settings-rows.ts";
import { SsoFailure } from "./sso-failure.ts";

/** The library's error and its cause ("unexpected JWT "aud" (audience) claim value"), short. */
function refusalText(error: unknown): string {
  if (!(error instanceof Error)) return "unknown";
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.name}: ${error.message}${cause}`.slice(0, 300);
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/**
 * The directory's return: the state must be this browser's (its cookie) and unused (its row is deleted here, so a
 * replay finds none); openid-client then trades the code with the PKCE verifier and checks the ID token — signature
 * against the directory's keys, issuer, audience (our client id), expiry, and the nonce. The person's e-mail must be
 * verified (when the directory says) and of an allowed domain; the account is then provisioned (provision-sso-user.ts).
 * Last, the second factor: a directory that did the MFA itself (the instance's flag, or an `amr` naming a second
 * factor) is trusted; otherwise the gate of the password sign-in applies — an enrolled factor means a code before any
 * session, a required one not yet enrolled means a session that may only enrol.
 */
export async function finishSsoSignIn(input: {
  /** The callback's query (code, state, or the directory's error). */
  query: URLSearchParams;
  /** The state this browser was given at the start (its cookie), or null. */
  browserState: string | null;
  /** This browser's remembered-device cookie (verify-second-factor.ts), or null. */
  rememberedDevice?: string | null;
  now?: Date;
}): Promise<{
  user: { id: number; email: string; name: string };
  callbackPath: string;
  instanceId: number;
  /** Whether the directory did the second factor (the session token says so: session-actor.ts). */
  directoryMfa: boolean;
  gate: SecondFactorGate;
}> {
  const now = input.now ?? new Date();
  const state = input.query.get("state");
  if (!state || !input.browserState || !sameText(state, input.browserState)) {
    throw new SsoFailure("SsoFailed", "state_mismatch");
  }
  const db = await getDb();
  const stateHash = hashSecret(state);
  const attempt = await db.ssoLoginAttempt.findUnique({ where: { stateHash } });
  // Claimed by deleting it: of two callbacks with one state, only the one whose delete counts a row goes on.
  const claimed = attempt ? (await db.ssoLoginAttempt.deleteMany({ where: { stateHash } })).count === 1 : false;
  if (!attempt || !claimed) throw new SsoFailure("SsoFailed", "state_unknown_or_used");
  if (attempt.expiresAt <= now) throw new SsoFailure("SsoFailed", "state_expired");
  const settings = await readSsoSettings(db, attempt.instanceId);
  if (!settings?.enabled) throw new SsoFailure("SsoUnavailable", "not_configured");
  if (input.query.has("error")) throw new SsoFailure("SsoFailed", "directory_error");

  let claims: oidc.IDToken;
  try {
    const config = await issuerConfiguration(settings);
    const currentUrl = new URL(attempt.redirectUri);
    currentUrl.search = input.query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (error) {
    // The library's message names the failed check (audience, expiry, signature…); it goes to the log, not the page.
    log.warn("sso.token_refused", { instanceId: attempt.instanceId, check: refusalText(error) });
    throw new SsoFailure("SsoFailed", "token_refused");
  }

  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified === false) throw new SsoFailure("SsoDomain", "email_missing_or_unverified");
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (!email.includes("@") || !settings.allowedDomains.includes(domain)) {
    throw new SsoFailure("SsoDomain", "domain_not_allowed");
  }
  const name = typeof claims.name === "string" ? claims.name.trim() : "";
  const user = await provisionSsoUser(
    settings,
    { subject: claims.sub, email, name, groups: groupsOf(claims, settings.groupsClaim) },
    now,
  );
  const directoryMfa = directoryDidMfa(settings, claims);
  const gate: SecondFactorGate = directoryMfa
    ? { kind: "pass", auditDetails: { second_factor: "directory" } }
    : await secondFactorGate(user, { web: true, rememberedDevice: input.rememberedDevice ?? null });
  const details = gate.kind === "pass" ? gate.auditDetails : { second_factor: "code_asked" };
  await recordAudit(db, systemActor("sign_in", attempt.instanceId, user.email), {
    action: "user.sso_sign_in",
    entity: "user",
    entityId: user.id,
    details: { email: user.email, ...details },
  });
  return { user, callbackPath: attempt.callbackPath, instanceId: attempt.instanceId, directoryMfa, gate };
}
