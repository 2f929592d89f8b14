import { getConnection } from "./client.ts";

/**
 * One fixed SQL statement sent straight to the driver (the pg pool, or the PGlite instance), skipping Prisma's
 * client engine: for the per-request hot paths (token lookup, document read views) whose SQL is constant text with
 * $n parameters. Rows come as the driver parses them (numbers, Date, parsed JSON, arrays).
 */
export async function rawQuery<T>(text: string, params: unknown[]): Promise<T[]> {
  const connection = await getConnection();
  if (connection.pool) return (await connection.pool.query(text, params)).rows as T[];
  return (await connection.pglite!.query<T>(text, params)).rows;
}
