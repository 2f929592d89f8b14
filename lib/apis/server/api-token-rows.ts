import "server-only";
// The rows the API-token admin use-cases share (lib/apis/server/*-instance-api-token(s).ts, set-token-personal-data.ts).
import { API_TOKEN_ROW_SELECT, listApiTokens } from "../../auth/server/api-tokens.ts";
import type { Role } from "../../auth/roles.ts";
import { getDb } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";

export type TokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

export async function loadToken(instanceId: number, id: number): Promise<TokenRow> {
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

/** Viewers never see personal data in clear (they cannot reveal on the page either). */
export function assertMayReadClear(role: Role, clear: boolean): void {
  if (clear && role === "viewer") {
    throw invalid("Invalid parameters", [
      { path: "clear_personal_data", message: "Viewer tokens always get personal data masked" },
    ]);
  }
}
