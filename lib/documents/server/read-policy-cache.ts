// The masking policy the document API's reads apply, per instance and role, kept for API_AUTH_CACHE_MS (default 5 s)
// as the token lookup is (lib/auth/server/api-tokens.ts): a read whose role's policy is known here sends the read
// statement without the policy's sub-select (~0.02–0.03 ms of PostgreSQL CPU per read); a read that misses
// sends the statement with it and fills the entry — still one statement per read. A policy saved on this server
// drops the instance's entries at once (saveMaskingPolicy); saved on another app server, it applies here within
// API_AUTH_CACHE_MS, the same bound as a token's revocation or a role change. API_AUTH_CACHE_MS=0 reads the policy on
// every read. Kept on globalThis: Next's route bundles share it.
import "server-only";
import type { Role } from "../../auth/roles.ts";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";
import { isPersonalField, type PersonalField } from "../mask.ts";

type Entry = { fields: ReadonlySet<PersonalField>; until: number };
const policies = ((globalThis as Record<string, unknown>).__docflowReadPolicies ??= new Map()) as Map<string, Entry>;
registerProcessCache("read-policies", () => policies.clear());
const key = (instanceId: number, role: Role) => `${instanceId}:${role}`;

/** The cached fields this role's reads mask, or null when this server must read the policy. */
export function cachedReadPolicy(instanceId: number, role: Role): ReadonlySet<PersonalField> | null {
  const entry = policies.get(key(instanceId, role));
  return entry && entry.until > Date.now() ? entry.fields : null;
}

/** Keeps the fields a read statement answered (comma-separated, as read-view-sql.ts's "masked" column) and returns them. */
export function rememberReadPolicy(instanceId: number, role: Role, maskedText: string): ReadonlySet<PersonalField> {
  const fields = new Set(maskedText.split(",").filter(isPersonalField));
  const ttl = config("API_AUTH_CACHE_MS");
  if (ttl > 0) policies.set(key(instanceId, role), { fields, until: Date.now() + ttl });
  return fields;
}

/** Drops this instance's cached policies on this server (a policy was saved). */
export function forgetReadPolicies(instanceId: number): void {
  for (const cached of policies.keys()) if (cached.startsWith(`${instanceId}:`)) policies.delete(cached);
}
