import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { invalid } from "../../errors/app-error.ts";
import type { SsoSettingsAnswer, UpdateSsoSettings } from "../schemas.ts";
import { clientSecretHint, encryptClientSecret } from "./client-secret.ts";
import { issuerProblem } from "./issuer-fetch.ts";
import { forgetIssuer } from "./issuer-config.ts";
import { loadSsoSettings } from "./load-sso-settings.ts";

/**
 * Replaces the instance's single sign-on settings (admins), audited with what changed — never the secret, only
 * whether it was replaced. The issuer must be an address the operator allows (issuer-fetch.ts).
 */
export async function saveSsoSettings(ctx: UseCaseContext, input: UpdateSsoSettings): Promise<SsoSettingsAnswer> {
  const { actor } = ctx;
  const problem = issuerProblem(input.issuer_url);
  if (problem) throw invalid(problem, [{ path: "issuer_url", message: problem, code: "sso_issuer_not_allowed" }]);
  const secret = input.client_secret?.trim() || null;
  await inTransaction(async (tx) => {
    const current = await tx.ssoSettings.findUnique({ where: { instanceId: actor.instanceId } });
    if (!current && !secret) {
      throw invalid("The client secret is required", [
        { path: "client_secret", message: "Required", code: "required" },
      ]);
    }
    const fields = {
      enabled: input.enabled,
      issuerUrl: input.issuer_url,
      clientId: input.client_id,
      allowedDomains: [...new Set(input.allowed_domains)],
      groupsClaim: input.groups_claim,
      groupRoles: input.group_roles,
      passwordSignInDisabled: input.password_sign_in_disabled,
      directoryEnforcesMfa: input.directory_enforces_mfa,
      ...(secret
        ? { clientSecretEncrypted: encryptClientSecret(secret), clientSecretHint: clientSecretHint(secret) }
        : {}),
    };
    if (current) await tx.ssoSettings.update({ where: { instanceId: actor.instanceId }, data: fields });
    else {
      await tx.ssoSettings.create({
        data: { instanceId: actor.instanceId, clientSecretEncrypted: "", clientSecretHint: "", ...fields },
      });
    }
    await recordAudit(tx, actor, {
      action: "sso_settings.update",
      entity: "sso_settings",
      entityId: null,
      details: {
        enabled: input.enabled,
        issuer_url: input.issuer_url,
        client_id: input.client_id,
        allowed_domains: fields.allowedDomains,
        groups_claim: input.groups_claim,
        group_roles: input.group_roles,
        password_sign_in_disabled: input.password_sign_in_disabled,
        directory_enforces_mfa: input.directory_enforces_mfa,
        client_secret_replaced: secret !== null,
      },
    });
  });
  forgetIssuer(actor.instanceId);
  return loadSsoSettings(ctx);
}
