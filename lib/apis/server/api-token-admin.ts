import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import {
  API_TOKEN_ROW_SELECT,
  createApiToken,
  forgetCachedToken,
  listApiTokens,
  revokeApiToken,
} from "../../auth/server/api-tokens.ts";
import type { Role } from "../../auth/roles.ts";
import { flushUnmaskedReads } from "../../auth/server/unmasked-reads.ts";
import { getDb } from "../../db/client.ts";
import { conflict, invalid, notFound } from "../../errors/app-error.ts";
import type { TCreateApiTokenBody } from "../answers.ts";

type TokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

async function loadToken(instanceId: number, id: number): Promise<TokenRow> {
  const db = await getDb();
  return db.apiToken.findFirstOrThrow({
    where: { id, instanceId, kind: "api" },
    select: API_TOKEN_ROW_SELECT,
  });
}

/** One row of the token list: never the secret, only the prefix people recognise it by. */
export function serializeApiToken(row: TokenRow, now = new Date()) {
  const state: "active" | "expired" | "revoked" = row.revokedAt
    ? "revoked"
    : row.expiresAt && row.expiresAt <= now
      ? "expired"
      : "active";
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    created_by: row.createdBy?.email ?? null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    state,
    clear_personal_data: row.clearPersonalData,
    unmasked_reads: row.unmaskedReads,
  };
}
export type SerializedApiToken = ReturnType<typeof serializeApiToken>;

export async function listInstanceApiTokens(instanceId: number) {
  await flushUnmaskedReads(); // this server's latest counts (others' arrive within their flush interval)
  const now = new Date();
  return (await listApiTokens(instanceId)).map((row) => serializeApiToken(row, now));
}

/** Creates a document-API token acting with `role`; the secret is in the answer once and in no log or audit line. */
export async function createInstanceApiToken(actor: Actor, body: TCreateApiTokenBody) {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) {
    throw invalid("Invalid parameters", [{ path: "expires_at", message: "Must be in the future" }]);
  }
  const clearPersonalData = body.clear_personal_data ?? false;
  assertMayReadClear(body.role, clearPersonalData);
  const created = await createApiToken({
    instanceId: actor.instanceId,
    name: body.name,
    role: body.role,
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
      name: body.name,
      role: body.role,
      prefix: created.prefix,
      expires_at: expiresAt?.toISOString() ?? null,
      clear_personal_data: clearPersonalData,
    },
  });
  return { token: created.token, ...serializeApiToken(await loadToken(actor.instanceId, created.id)) };
}

/** Revokes a token of the actor's instance: 404 when it is not there, 409 when it already was revoked. */
export async function revokeInstanceApiToken(actor: Actor, id: number) {
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

/** Viewers never see personal data in clear (they cannot reveal on the page either). */
function assertMayReadClear(role: Role, clear: boolean): void {
  if (clear && role === "viewer") {
    throw invalid("Invalid parameters", [
      { path: "clear_personal_data", message: "Viewer tokens always get personal data masked" },
    ]);
  }
}

/**
 * Lets an integration token read the customer's data in clear on the document API, or masks it again. Audited (who,
 * which token, the new setting); takes effect at once on this server, within API_AUTH_CACHE_MS elsewhere.
 */
export async function setTokenPersonalData(actor: Actor, id: number, clear: boolean) {
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
