// Returning identifiers: a CPF that was erased (a deletion request answered "done") and comes back in a document
// created afterwards (document/create, CSV import). Found through the keyed hash the deletion receipt keeps
// (LgpdRequest.cpfHash) — the clear CPF of an erased person is never stored to find it. Staff see a notice on the
// document, the import preview warns, and the officer sees counts on the data-subject page.
import "server-only";
import { getDb } from "../../db/client.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";

/** When the CPF `digits` was last erased in the instance before `createdAt` (a document's creation), or null. */
export async function erasedBefore(instanceId: number, digits: string, createdAt: Date): Promise<Date | null> {
  if (!/^\d{11}$/.test(digits)) return null;
  const db = await getDb();
  const row = await db.lgpdRequest.findFirst({
    where: { instanceId, cpfHash: lgpdCpfHash(digits), status: "done", processedAt: { lt: createdAt } },
    orderBy: { processedAt: "desc" },
    select: { processedAt: true },
  });
  return row?.processedAt ?? null;
}

/** How many of the instance's documents with the CPF `digits` were created after its first erasure. */
export async function returnedDocumentsOf(instanceId: number, digits: string): Promise<number> {
  const db = await getDb();
  const first = await db.lgpdRequest.findFirst({
    where: { instanceId, cpfHash: lgpdCpfHash(digits), status: "done" },
    orderBy: { processedAt: "asc" },
    select: { processedAt: true },
  });
  if (!first?.processedAt) return 0;
  return db.document.count({ where: { instanceId, cpfDigits: digits, createdAt: { gt: first.processedAt } } });
}

/**
 * The instance's documents whose CPF had been erased before they were created. The hash is keyed, so it cannot be
 * matched in SQL: the distinct CPFs of documents created since the instance's first erasure are hashed here (one HMAC
 * each), and the documents of the matching ones created after their CPF's first erasure are counted in SQL.
 */
export async function returnedDocumentsInInstance(instanceId: number): Promise<number> {
  const db = await getDb();
  const erased = await db.lgpdRequest.groupBy({
    by: ["cpfHash"],
    where: { instanceId, status: "done", processedAt: { not: null } },
    _min: { processedAt: true },
  });
  if (erased.length === 0) return 0;
  const firstErasure = new Map(erased.map((row) => [row.cpfHash, row._min.processedAt!]));
  const since = new Date(Math.min(...[...firstErasure.values()].map((at) => at.getTime())));
  const { rows } = await rawQuery<{ cpfDigits: string }>(
    `SELECT DISTINCT "cpfDigits" FROM "Document"
      WHERE "instanceId" = $1 AND "createdAt" > $2::text::timestamptz AND length("cpfDigits") = 11`,
    [instanceId, since.toISOString()],
  );
  const matched: { digits: string; erasedAt: Date }[] = [];
  for (const { cpfDigits } of rows) {
    const erasedAt = firstErasure.get(lgpdCpfHash(cpfDigits));
    if (erasedAt) matched.push({ digits: cpfDigits, erasedAt });
  }
  if (matched.length === 0) return 0;
  const counted = await rawQuery<{ count: string | number }>(
    `SELECT count(*) AS count
       FROM "Document" d
       JOIN unnest($2::text::text[], $3::text::timestamptz[]) AS e(digits, "erasedAt") ON d."cpfDigits" = e.digits
      WHERE d."instanceId" = $1 AND d."createdAt" > e."erasedAt"`,
    [
      instanceId,
      `{${matched.map((entry) => entry.digits).join(",")}}`,
      `{${matched.map((entry) => `"${entry.erasedAt.toISOString()}"`).join(",")}}`,
    ],
  );
  return Number(counted.rows[0]?.count ?? 0);
}

/** The positions in `cpfs` (as typed in an import) of valid CPFs erased before in the instance. */
export async function erasedPositions(instanceId: number, cpfs: string[]): Promise<number[]> {
  const byHash = new Map<string, number[]>();
  cpfs.forEach((cpf, index) => {
    if (!isValidCpf(cpf.trim())) return;
    const hash = lgpdCpfHash(cpf);
    byHash.set(hash, [...(byHash.get(hash) ?? []), index]);
  });
  if (byHash.size === 0) return [];
  const db = await getDb();
  const rows = await db.lgpdRequest.findMany({
    where: { instanceId, status: "done", cpfHash: { in: [...byHash.keys()] } },
    distinct: ["cpfHash"],
    select: { cpfHash: true },
  });
  return rows.flatMap((row) => byHash.get(row.cpfHash) ?? []).sort((a, b) => a - b);
}
