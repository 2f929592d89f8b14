import "server-only";
import { keyedHash } from "../auth/secrets.ts";
import { getDb, Prisma } from "../db/client.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";

// `Idempotency-Key` on document/create and the LGPD request (docs/decisions.md, Idempotency). The key is claimed with
// an INSERT in the same transaction as the work: a concurrent duplicate waits on the unique index until the first
// commits, then replays its answer; if the first rolls back, the duplicate does the work itself. Only successful
// answers are kept (a refused request changes nothing, so retrying it is safe), for KEEP_HOURS.

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const KEEP_HOURS = 24;
/** Printable ASCII without spaces at the ends, like the IETF draft's examples (UUIDs, random strings). */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
/** How often a claim also sweeps expired keys (the worker's loop needs no extra job). */
const PURGE_PROBABILITY = 0.01;

export type IdempotentAnswer = { status: number; body: unknown; documentId?: number | null };
export type IdempotencyScope = {
  request: Request;
  instanceId: number;
  /** Who sends it: keys of different tokens, users or the LGPD key never collide. */
  credential: string;
  route: string;
  /** The parsed body; the same key with another body is refused. */
  body: unknown;
  /** The route's own error shapes. */
  errors: { invalidKey: () => Error; reusedKey: () => Error };
};

/** The answer plus whether it is a replay of the first one (then `Idempotent-Replayed: true` is sent). */
export type IdempotentResult = IdempotentAnswer & { replayed: boolean };

/**
 * Runs `work` in one transaction. With an Idempotency-Key header, the first successful answer for that key is stored in
 * the same transaction and replayed to later requests with the same key and body; another body is refused.
 */
export async function withIdempotency(
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  const key = scope.request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return { ...(await inTransaction(work)), replayed: false };
  if (!KEY_PATTERN.test(key)) throw scope.errors.invalidKey();
  const bodyHash = keyedHash(`${scope.route}\n${canonicalJson(scope.body)}`);
  const result = await inTransaction(async (tx): Promise<IdempotentResult> => {
    const claimed = await tx.$queryRaw<Array<{ id: bigint }>>(Prisma.sql`
      INSERT INTO "IdempotencyKey" ("instanceId", "credential", "route", "key", "bodyHash", "expiresAt")
      VALUES (${scope.instanceId}, ${scope.credential}, ${scope.route}, ${key}, ${bodyHash},
        now() + make_interval(hours => ${KEEP_HOURS}::int))
      ON CONFLICT ("instanceId", "credential", "route", "key") DO UPDATE SET
        "bodyHash" = EXCLUDED."bodyHash", "status" = NULL, "response" = NULL, "documentId" = NULL,
        "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
        WHERE "IdempotencyKey"."expiresAt" <= now()
      RETURNING "id"`);
    const claim = claimed[0];
    if (!claim) return replay(tx, scope, key, bodyHash);
    const answer = await work(tx);
    await tx.idempotencyKey.update({
      where: { id: claim.id },
      data: {
        status: answer.status,
        response: answer.body as Prisma.InputJsonValue,
        documentId: answer.documentId ?? null,
      },
    });
    return { ...answer, replayed: false };
  });
  if (Math.random() < PURGE_PROBABILITY) void purgeExpiredIdempotencyKeys().catch(() => {});
  return result;
}

/** The stored answer of a live key (its first request has committed: the claim above waited for it). */
async function replay(tx: Tx, scope: IdempotencyScope, key: string, bodyHash: string): Promise<IdempotentResult> {
  const stored = await tx.idempotencyKey.findUnique({
    where: {
      instanceId_credential_route_key: {
        instanceId: scope.instanceId,
        credential: scope.credential,
        route: scope.route,
        key,
      },
    },
  });
  if (!stored || stored.bodyHash !== bodyHash || stored.status === null) throw scope.errors.reusedKey();
  return { status: stored.status, body: stored.response, documentId: stored.documentId, replayed: true };
}

/** Deletes keys past their 24 hours; returns how many. */
export async function purgeExpiredIdempotencyKeys(now = new Date()): Promise<number> {
  const db = await getDb();
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
