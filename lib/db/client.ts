import { PrismaClient } from "./generated/client.ts";
import { databaseTarget, openConnection, type OpenedConnection } from "./connection.ts";

export { Prisma } from "./generated/client.ts";
export type * from "./generated/client.ts";

export type Db = PrismaClient;

type Holder = { db: Promise<{ prisma: PrismaClient; connection: OpenedConnection }> | null };

// One client per process, kept on globalThis so Next's bundles, dev reloads, the worker and tests all share it
// (PGlite is a single connection: a second one in the same process would fight over the folder).
const holder: Holder = ((globalThis as Record<string, unknown>).__docflowDb ??= { db: null }) as Holder;

/** The lazily opened database client (nothing is opened at import time, so `next build` never touches data/). */
export async function getDb(): Promise<PrismaClient> {
  holder.db ??= (async () => {
    const connection = await openConnection(databaseTarget());
    const prisma = new PrismaClient({ adapter: connection.factory });
    return { prisma, connection };
  })().catch((error) => {
    holder.db = null;
    throw error;
  });
  return (await holder.db).prisma;
}

/** The opened connection: its adapter factory, and the PGlite handle or pg pool behind it. */
export async function getConnection(): Promise<OpenedConnection> {
  await getDb();
  return (await holder.db!).connection;
}

export async function closeDb(): Promise<void> {
  const opened = holder.db;
  holder.db = null;
  if (!opened) return;
  const { prisma, connection } = await opened;
  await prisma.$disconnect();
  await connection.close();
}
