// The migrated template of a test run (made once by tests/helpers/template-database.setup.ts) and the few
// PostgreSQL administration calls around it.
import pg from "pg";

export type TemplateDatabase = { kind: "pglite"; dir: string } | { kind: "postgres"; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/** The URL of database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
