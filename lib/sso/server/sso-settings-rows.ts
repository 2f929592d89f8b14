import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { ZSsoGroupRole, ssoStartPath, SSO_CALLBACK_PATH, type SsoSettingsAnswer } from "../schemas.ts";
import { decryptClientSecret } from "./client-secret.ts";

const ZGroupRoles = z.array(ZSsoGroupRole).catch([]);

type SettingsRow = NonNullable<Awaited<ReturnType<Db["ssoSettings"]["findUnique"]>>>;

/** The stored settings as the sign-in uses them (secret decrypted), or null when the instance has none. */
export type SsoSettings = Omit<SettingsRow, "groupRoles" | "clientSecretEncrypted"> & {
  groupRoles: z.infer<typeof ZGroupRoles>;
  clientSecret: string;
};

export async function readSsoSettings(db: Db | Tx, instanceId: number): Promise<SsoSettings | null> {
  const row = await db.ssoSettings.findUnique({ where: { instanceId } });
  if (!row) return null;
  const { clientSecretEncrypted, groupRoles, ...rest } = row;
  return {
    ...rest,
    groupRoles: ZGroupRoles.parse(groupRoles),
    clientSecret: decryptClientSecret(clientSecretEncrypted),
  };
}

export function serializeSsoSettings(
  row: (Omit<SsoSettings, "clientSecret"> & { clientSecretHint: string }) | null,
  instanceSlug: string,
): SsoSettingsAnswer {
  return {
    configured: row !== null,
    enabled: row?.enabled ?? false,
    issuer_url: row?.issuerUrl ?? "",
    client_id: row?.clientId ?? "",
    client_secret_hint: row?.clientSecretHint ?? "",
    allowed_domains: row?.allowedDomains ?? [],
    groups_claim: row?.groupsClaim ?? "groups",
    group_roles: row?.groupRoles ?? [],
    password_sign_in_disabled: row?.passwordSignInDisabled ?? false,
    directory_enforces_mfa: row?.directoryEnforcesMfa ?? false,
    sign_in_path: ssoStartPath(instanceSlug),
    redirect_path: SSO_CALLBACK_PATH,
  };
}
