import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { revokeApiToken } from "../../auth/server/api-tokens.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { conflict, notFound } from "../../errors/app-error.ts";
import { loadToken, serializeApiToken } from "./api-token-rows.ts";

/** Revokes a token of the actor's instance: 404 when it is not there, 409 when it already was revoked. */
export async function revokeInstanceApiToken(ctx: UseCaseContext, input: { id: number }) {
  const { actor } = ctx;
  const { id } = input;
  const db = await getDb();
  const row = await db.apiToken.findFirst({
    where: { id, instanceId: actor.instanceId, kind: "api" },
    select: { id: true, name: true, prefix: true, revokedAt: true },
  });
  if (!row) throw notFound("Token not found");
  if (row.revokedAt || !(await revokeApiToken(actor.instanceId, id)))
    throw conflict("Token already revoked", { code: "token_revoked" });
  await recordAudit(db, actor, {
    action: "api_token.revoke",
    entity: "api_token",
    entityId: id,
    details: { name: row.name, prefix: row.prefix },
  });
  return serializeApiToken(await loadToken(actor.instanceId, id));
}
