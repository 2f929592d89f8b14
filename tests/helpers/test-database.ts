import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Points this test process at a fresh database: a temporary PGlite folder, or — when TEST_DATABASE_URL is
 * set — a new PostgreSQL database created on that server. Returns a cleanup function.
 */
export async function createFreshDatabase(): Promise<{
  kind: "pglite" | "postgres";
  url?: string;
  cleanup: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "docflow-test-"));
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;
    return { kind: "pglite", cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pg = (await import("pg")).default;
  const name = `docflow_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return {
    kind: "postgres",
    url: url.toString(),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
