import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";
import { getDb } from "../../db/client.ts";
import { prismaRunner, rawTransaction, type Sql } from "../../db/raw-query.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";

// `Idempotency-Key` on document/create and the LGPD request (docs/decisions/0022-idempotency-keys.md). The key is
// claimed with
// an INSERT in the same transaction as the work: a concurrent duplicate waits on the unique index until the first
// commits, then replays its answer; if the first rolls back, the duplicate does the work itself. Only successful
// answers are kept (a refused request changes nothing, so retrying it is safe), for KEEP_HOURS.

const IDEMPOTENCY_HEADER = "idempotency-key";
const KEEP_HOURS = 24;
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

type Transact<C> = (run: (context: C, query: Sql) => Promise<IdempotentResult>) => Promise<IdempotentResult>;

/**
 * Runs `work` in one raw-driver transaction (lib/db/raw-query.ts), as the document API's writes do. With an
 * Idempotency-Key header, the first successful answer for that key is stored in the same transaction and replayed to
 * later requests with the same key and body; another body is refused.
 */
export function withIdempotency(
  scope: IdempotencyScope,
  work: (query: Sql) => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  return idempotent(scope, (run) => rawTransaction((query) => run(query, query)), work);
}

/** The same, for work written against a Prisma transaction (the LGPD request). */
export function withIdempotencyTx(
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  return idempotent(scope, (run) => inTransaction((tx) => run(tx, prismaRunner(tx))), work);
}

async function idempotent<C>(
  scope: IdempotencyScope,
  transact: Transact<C>,
  work: (context: C) => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  const key = scope.request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return transact(async (context) => ({ ...(await work(context)), replayed: false }));
  if (!KEY_PATTERN.test(key)) throw scope.errors.invalidKey();
  const bodyHash = keyedHash(`${scope.route}\n${canonicalJson(scope.body)}`);
  const result = await transact(async (context, query): Promise<IdempotentResult> => {
    const {
      rows: [claim],
    } = await query<{ id: string }>(CLAIM_SQL, [
      scope.instanceId,
      scope.credential,
      scope.route,
      key,
      bodyHash,
      KEEP_HOURS,
    ]);
    if (!claim) return replay(query, scope, key, bodyHash);
    const answer = await work(context);
    await query(STORE_SQL, [claim.id, answer.status, JSON.stringify(answer.body), answer.documentId ?? null]);
    return { ...answer, replayed: false };
  });
  if (Math.random() < PURGE_PROBABILITY) void purgeExpiredIdempotencyKeys().catch(() => {});
  return result;
}

// A live key (unexpired) is not claimed again: RETURNING gives no row and the request is a replay (or a reuse).
const CLAIM_SQL = `INSERT INTO "IdempotencyKey" ("instanceId", "credential", "route", "key", "bodyHash", "expiresAt")
  VALUES ($1::int, $2::text, $3::text, $4::text, $5::text, now() + make_interval(hours => $6::int))
  ON CONFLICT ("instanceId", "credential", "route", "key") DO UPDATE SET
    "bodyHash" = EXCLUDED."bodyHash", "status" = NULL, "response" = NULL, "documentId" = NULL,
    "createdAt" = now(), "expiresAt" = EXCLUDED."expiresAt"
    WHERE "IdempotencyKey"."expiresAt" <= now()
  RETURNING "id"::text AS "id"`;
const STORE_SQL = `UPDATE "IdempotencyKey" SET "status" = $2::int, "response" = $3::jsonb, "documentId" = $4::int
  WHERE "id" = $1::bigint RETURNING "id"`;
const REPLAY_SQL = `SELECT "bodyHash", "status", "response", "documentId" FROM "IdempotencyKey"
  WHERE "instanceId" = $1::int AND "credential" = $2::text AND "route" = $3::text AND "key" = $4::text`;

/** The stored answer of a live key (its first request has committed: the claim above waited for it). */
async function replay(query: Sql, scope: IdempotencyScope, key: string, bodyHash: string): Promise<IdempotentResult> {
  const {
    rows: [stored],
  } = await query<{
    bodyHash: string;
    status: number | null;
    response: unknown;
    documentId: number | null;
  }>(REPLAY_SQL, [scope.instanceId, scope.credential, scope.route, key]);
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
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
