import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { deployMigrationsOnOpenDatabase } from "@/lib/db/deploy.ts";
import { adminQuery, databaseUrl } from "./template-database.ts";

export type TestDatabase = { kind: "pglite" | "postgres"; url?: string; cleanup: () => Promise<void> };

/**
 * Points this test process at a fresh, empty database: a temporary PGlite folder, or — when TEST_DATABASE_URL is
 * set — a new PostgreSQL database created on that server. For tests of the migrations themselves; everything else
 * takes createMigratedDatabase. Returns a cleanup function.
 */
export async function createFreshDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "docflow-test-"));
    return pointAtPglite(dir);
  }
  const name = newDatabaseName();
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  return pointAtPostgres(serverUrl, name);
}

/**
 * Points this test process at a database with every migration applied: a copy of the run's template
 * (tests/helpers/template-database.setup.ts) — a copied PGlite folder, or `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL — or, outside the db and http layers, a fresh database migrated here.
 */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const template = inject("templateDatabase");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!template) {
    const database = await createFreshDatabase();
    await deployMigrationsOnOpenDatabase();
    return database;
  }
  if (template.kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "docflow-test-"));
    cpSync(template.dir, dir, { recursive: true });
    return pointAtPglite(dir);
  }
  if (!serverUrl) throw new Error("the run's template is on PostgreSQL but TEST_DATABASE_URL is not set");
  const name = newDatabaseName();
  await cloneDatabase(serverUrl, template.name, name);
  return pointAtPostgres(serverUrl, name);
}

function pointAtPglite(dir: string): TestDatabase {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = dir;
  return { kind: "pglite", cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

function pointAtPostgres(serverUrl: string, name: string): TestDatabase {
  const url = databaseUrl(serverUrl, name);
  process.env.DATABASE_URL = url;
  return {
    kind: "postgres",
    url,
    cleanup: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

function newDatabaseName(): string {
  return `docflow_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
}

// Two files cloning at the same instant can see each other's copy as "another user" of the template (SQLSTATE 55006):
// wait and try again.
async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
