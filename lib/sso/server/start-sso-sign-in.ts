import "server-only";
import * as oidc from "openid-client";
import { getDb } from "../../db/client.ts";
import { hashSecret } from "../../auth/server/secrets.ts";
import { SSO_CALLBACK_PATH } from "../schemas.ts";
import { issuerConfiguration } from "./issuer-config.ts";
import { readSsoSettings } from "./sso-settings-rows.ts";
import { SsoFailure } from "./sso-failure.ts";

/** How long a person has at the directory's login page before the attempt is forgotten. */
export const SSO_ATTEMPT_SECONDS = 10 * 60;

/**
 * The first leg of the code flow: a random state, nonce and PKCE verifier kept server-side (the state's hash as the
 * key, so a state is used once), and the directory's authorization URL to send the browser to. The state also goes
 * into a cookie of this browser (the route sets it), so a callback started in another browser is refused.
 */
export async function startSsoSignIn(input: {
  instanceSlug: string;
  /** This app's public origin as the browser reached it; the redirect URI is built on it and kept for the callback. */
  origin: string;
  callbackPath: string;
  now?: Date;
}): Promise<{ authorizationUrl: string; state: string }> {
  const now = input.now ?? new Date();
  const db = await getDb();
  const instance = input.instanceSlug
    ? await db.instance.findUnique({ where: { slug: input.instanceSlug }, select: { id: true } })
    : null;
  const settings = instance ? await readSsoSettings(db, instance.id) : null;
  if (!instance || !settings?.enabled) throw new SsoFailure("SsoUnavailable", "not_configured");
  let config: oidc.Configuration;
  try {
    config = await issuerConfiguration(settings);
  } catch {
    throw new SsoFailure("SsoUnavailable", "issuer_unreachable");
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const redirectUri = new URL(SSO_CALLBACK_PATH, input.origin).toString();
  await db.ssoLoginAttempt.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.ssoLoginAttempt.create({
    data: {
      stateHash: hashSecret(state),
      instanceId: instance.id,
      nonce,
      codeVerifier,
      redirectUri,
      callbackPath: input.callbackPath,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SSO_ATTEMPT_SECONDS * 1000),
    },
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { authorizationUrl: authorizationUrl.toString(), state };
}
