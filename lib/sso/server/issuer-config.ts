// The directory's OpenID configuration per instance (discovery document, then its keys as openid-client needs them),
// kept for a few minutes per server: every sign-in needs it, and a directory rotates keys rarely (openid-client
// refetches the key set on an unknown key id). Saving the settings drops the instance's entry.
import "server-only";
import * as oidc from "openid-client";
import { issuerFetch } from "./issuer-fetch.ts";
import type { SsoSettings } from "./sso-settings-rows.ts";

const KEPT_MS = 10 * 60_000;
const cache = new Map<number, { key: string; at: number; config: Promise<oidc.Configuration> }>();

export function forgetIssuer(instanceId: number): void {
  cache.delete(instanceId);
}

/** The configuration openid-client works with: our checked fetch, http only where the operator allowed it. */
export function issuerConfiguration(settings: SsoSettings): Promise<oidc.Configuration> {
  const key = `${settings.updatedAt.getTime()}|${settings.issuerUrl}|${settings.clientId}`;
  const kept = cache.get(settings.instanceId);
  if (kept && kept.key === key && Date.now() - kept.at < KEPT_MS) return kept.config;
  const config = discover(settings);
  cache.set(settings.instanceId, { key, at: Date.now(), config });
  config.catch(() => {
    if (cache.get(settings.instanceId)?.config === config) cache.delete(settings.instanceId);
  });
  return config;
}

async function discover(settings: SsoSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  const execute = [
    // The ID token's signature is checked against the directory's published keys even though it came straight from
    // the token endpoint (the spec would allow trusting TLS instead; we do not, and http issuers have no TLS).
    oidc.enableNonRepudiationChecks,
    ...(issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : []),
  ];
  const config = await oidc.discovery(
    issuer,
    settings.clientId,
    undefined,
    oidc.ClientSecretBasic(settings.clientSecret),
    { execute, [oidc.customFetch]: issuerFetch as never, timeout: 10 },
  );
  config[oidc.customFetch] = issuerFetch as never;
  return config;
}
