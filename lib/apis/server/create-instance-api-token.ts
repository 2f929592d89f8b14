import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { createApiToken } from "../../auth/server/api-tokens.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { loadToken, serializeApiToken, assertMayReadClear } from "./api-token-rows.ts";
import type { TCreateApiTokenBody } from "../answers.ts";

/** Creates a document-API token acting with `role`; the secret is in the answer once and in no log or audit line. */
export async function createInstanceApiToken(ctx: UseCaseContext, input: TCreateApiTokenBody) {
  const { actor } = ctx;
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) {
    throw invalid("Invalid parameters", [{ path: "expires_at", message: "Must be in the future" }]);
  }
  const clearPersonalData = input.clear_personal_data ?? false;
  assertMayReadClear(input.role, clearPersonalData);
  const created = await createApiToken({
    instanceId: actor.instanceId,
    name: input.name,
    role: input.role,
    kind: "api",
    createdById: actor.userId,
    expiresAt,
    clearPersonalData,
  });
  const db = await getDb();
  await recordAudit(db, actor, {
    action: "api_token.create",
    entity: "api_token",
    entityId: created.id,
    details: {
      name: input.name,
      role: input.role,
      prefix: created.prefix,
      expires_at: expiresAt?.toISOString() ?? null,
      clear_personal_data: clearPersonalData,
    },
  });
  return { token: created.token, ...serializeApiToken(await loadToken(actor.instanceId, created.id)) };
}
