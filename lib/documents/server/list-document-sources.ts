import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";

/** At most this many origins are offered; a person types any other. */
export const MAX_DOCUMENT_SOURCES = 200;

/**
 * The origins ("Origem", the documents' `source`) already used in the actor's instance, distinct, in alphabetical
 * order (pt-BR collation is not assumed: the browser sorts what it shows) — the pick-list of "Novo documento".
 * Blank values are not origins.
 */
export async function listDocumentSources(ctx: UseCaseContext): Promise<string[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<Array<{ source: string }>>(Prisma.sql`
    SELECT DISTINCT d."source" AS "source" FROM "Document" d
    WHERE d."instanceId" = ${ctx.actor.instanceId}::int AND d."source" IS NOT NULL AND btrim(d."source") <> ''
    ORDER BY 1
    LIMIT ${MAX_DOCUMENT_SOURCES}`);
  return rows.map((row) => row.source);
}
