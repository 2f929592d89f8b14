// Migrations are not bound by the app's statement timeout: an index built over a large table (the 1,000,000-document
// benchmark database's trigram index) outlasted DATABASE_STATEMENT_TIMEOUT_MS when the migration ran on the app's own
// connection, leaving a failed migration that blocks every later start. Here a 1 ms timeout stands for "too short".
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { deployMigrationsOnOpenDatabase } from "@/lib/db/deploy.ts";
import { failWithActivityIfStalled } from "./helpers/stall-report.ts";
import { createFreshDatabase } from "./helpers/test-database.ts";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
  await closeDb();
  await cleanup?.();
});

it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a fresh PostgreSQL database migrates completely even when the app's statement timeout is far too short",
  async () => {
    const database = await createFreshDatabase();
    cleanup = database.cleanup;
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = "1";
    await getDb(); // the app's connection is open, with the 1 ms timeout, as in the benchmark and the tests
    // 1–2 s alone, 5 s beside the http layers; one CI run timed out here at 60 s without a word of why.
    await failWithActivityIfStalled(deployMigrationsOnOpenDatabase(), database.url!, 40_000);
    const committed = readdirSync(path.resolve(import.meta.dirname, "../prisma/migrations"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    // Read on a connection of its own: the app's one would cancel this query too (1 ms).
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const { rows } = await reader
      .query<{ name: string; finished: boolean }>(
        `SELECT "migration_name" AS name, "finished_at" IS NOT NULL AS finished FROM "_prisma_migrations" ORDER BY 1`,
      )
      .finally(() => reader.end());
    expect(rows.map((row) => row.name)).toEqual(committed);
    expect(rows.every((row) => row.finished)).toBe(true);
  },
);
