// The CLI's answers to wrong usage, and how it meets the embedded database's lock. The commands themselves:
// tests/cli.db.test.ts. Usage answers run in this process (tests/helpers/cli-in-process.ts) but one, which runs as
// the real process (scripts/cli.ts) for its exit status 2 and its empty stdout; the lock tests start real processes
// where another process is the subject (refused while this one holds the folder, served once it lets go).
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { databaseTarget } from "@/lib/db/connection.ts";
import { lockPathFor } from "@/lib/db/pglite-lock.ts";
import { cliInProcess as cli } from "./helpers/cli-in-process.ts";
import { runScript } from "./helpers/run-script.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
const cliProcess = (...args: string[]) => runScript("scripts/cli.ts", args);

beforeAll(async () => {
  database = await createMigratedDatabase();
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

// A CLI process loads Prisma and opens the database: seconds each on a busy machine.
describe("cli usage", { timeout: 180_000 }, () => {
  it("prints help, and answers wrong usage with exit code 2 and the command's usage on stderr", async () => {
    const help = await cli("help");
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("token create --instance <slug> --name <name>");
    expect(help.stdout).toContain("lgpd-key rotate --instance <slug>");

    const none = await cliProcess();
    expect(none.code, none.stderr).toBe(2);
    expect(none.stderr).toContain("Usage:");
    expect(none.stdout).toBe("");

    const unknown = await cli("frobnicate");
    expect(unknown.code, unknown.stderr).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");

    const missing = await cli("token", "create", "--instance", "default");
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toMatch(/^Missing --name <name>/);
    expect(missing.stderr).toContain("token revoke <id | prefix | token>");

    const badOption = await cli("user", "create", "--email", "a@example.com", "--role", "admin", "--colour", "red");
    expect(badOption.code, badOption.stderr).toBe(2);
    expect(badOption.stderr).toContain("--colour");

    const badRole = await cli("user", "create", "--email", "a@example.com", "--role", "owner");
    expect(badRole.code, badRole.stderr).toBe(2);
    expect(badRole.stderr).toContain('Unknown role "owner"');
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("cli on the embedded database", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const created = await cli("instance", "create", "--slug", "acme", "--name", "Acme Seguros");
    expect(created.code, created.stderr).toBe(0);
  });

  it("says plainly that the database is in use while another process holds it, and works once it is free", async () => {
    await getDb(); // This test process now holds the embedded database, as a running server would.
    try {
      const busy = await cliProcess("token", "list");
      expect(busy.code, busy.stderr).toBe(1);
      expect(busy.stdout).toBe("");
      expect(busy.stderr).toContain(`is in use by process ${process.pid}`);
      expect(busy.stderr).toContain("Stop the server (npm start)");
    } finally {
      await closeDb();
    }
    const free = await cliProcess("instance", "list");
    expect(free.code, free.stderr).toBe(0);
    expect(free.stdout).toContain("acme");
  });

  it("takes over a lock left by a process that is gone", async () => {
    await closeDb(); // the command below opens the folder as its next opener
    const dir = databaseTarget().kind === "pglite" ? (databaseTarget() as { dir: string }).dir : "";
    writeFileSync(
      lockPathFor(dir),
      JSON.stringify({
        pid: 2 ** 22 + 12_345,
        host: (await import("node:os")).hostname(),
        command: "crashed",
        since: "2026-01-01T00:00:00Z",
      }),
    );
    const listed = await cli("instance", "list");
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("acme");
  });
});

// Last in this file: it empties the file's database.
describe("cli on a database without tables", () => {
  it("explains that a database without tables must be set up first", async () => {
    // What a database nobody has migrated yet has: no tables (here this file's own, emptied).
    const db = await getDb();
    await db.$executeRawUnsafe("DROP SCHEMA public CASCADE");
    await db.$executeRawUnsafe("CREATE SCHEMA public");
    const result = await cli("token", "list");
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain("run npm start (or npm run db:migrate) once first");
  });
});
