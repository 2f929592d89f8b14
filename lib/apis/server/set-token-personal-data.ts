import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { forgetCachedToken } from "../../auth/server/api-tokens.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { loadToken, serializeApiToken, assertMayReadClear } from "./api-token-rows.ts";

/**
 * Lets an integration token read the customer's data in clear on the document API, or masks it again. Audited (who,
 * which token, the new setting); takes effect at once on this server, within API_AUTH_CACHE_MS elsewhere.
 */
export async function setTokenPersonalData(ctx: UseCaseContext, input: { id: number; clear: boolean }) {
  const { actor } = ctx;
  const { id, clear } = input;
  const db = await getDb();
  const row = await db.apiToken.findFirst({
    where: { id, instanceId: actor.instanceId, kind: "api" },
    select: { name: true, prefix: true, role: true, clearPersonalData: true },
  });
  if (!row) throw notFound("Token not found");
  assertMayReadClear(row.role, clear);
  if (row.clearPersonalData !== clear) {
    await db.apiToken.update({ where: { id }, data: { clearPersonalData: clear } });
    forgetCachedToken(id);
    await recordAudit(db, actor, {
      action: "api_token.personal_data",
      entity: "api_token",
      entityId: id,
      details: { name: row.name, prefix: row.prefix, clear_personal_data: clear },
    });
  }
  return serializeApiToken(await loadToken(actor.instanceId, id));
}
