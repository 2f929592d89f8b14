// The CLI on a fresh database — a temporary PGlite folder, or a new PostgreSQL database when TEST_DATABASE_URL is
// set: its commands (results checked in the database), its answers to wrong usage, and how it meets the embedded
// database's lock. Commands run in this process (tests/helpers/cli-in-process.ts: the CLI's own entry, writing to
// buffers as it writes to stdout/stderr), which costs a fraction of a process start with its own PGlite. The CLI runs
// as the real process (scripts/cli.ts) where only the process shows it: exit statuses 0 and 2 and a secret alone on
// the last line of its real stdout; refused while another process (this one) holds the folder, served once it lets go.
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromBearer } from "@/lib/auth/server/api-tokens.ts";
import { verifyPassword } from "@/lib/auth/server/passwords.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { databaseTarget } from "@/lib/db/connection.ts";
import { lockPathFor } from "@/lib/db/pglite-lock.ts";
import { instanceForLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { cliInProcess as cli } from "./helpers/cli-in-process.ts";
import { runScript } from "./helpers/run-script.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
const cliProcess = (...args: string[]) => runScript("scripts/cli.ts", args);

/** Checks in the database: the same client the in-process commands use (opened again after a CLI process). */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  return fn(await getDb());
}

beforeAll(async () => {
  database = await createMigratedDatabase();
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

// Wrong usage is answered before any database work: the command's usage on stderr, exit code 2.
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

// user create and set-password hash with the app's scrypt parameters (~0.4 s of a core each): seconds on a busy machine.
describe("cli commands", { timeout: 180_000 }, () => {
  it("instance create makes an instance with the default catalog; a second one with that slug is refused", async () => {
    const created = await cli("instance", "create", "--slug", "acme", "--name", "Acme Seguros");
    expect(created.stderr).toBe("");
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created instance acme");
    await withDb(async (db) => {
      const instance = await db.instance.findUniqueOrThrow({
        where: { slug: "acme" },
        include: { _count: { select: { categories: true, statuses: true, products: true, modalities: true } } },
      });
      expect(instance.name).toBe("Acme Seguros");
      expect(instance._count).toEqual({ categories: 5, statuses: 6, products: 1, modalities: 2 });
      expect(
        await db.auditLog.count({ where: { instanceId: instance.id, action: "instance.create", actorLabel: "cli" } }),
      ).toBe(1);
    });
    const again = await cli("instance", "create", "--slug", "acme");
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr.trim()).toBe('An instance "acme" already exists');
    const badSlug = await cli("instance", "create", "--slug", "Not A Slug");
    expect(badSlug.code, badSlug.stderr).toBe(2);
  });

  it("instance formats shows and replaces the formats an instance takes as attachments, audited; unknown ones refused", async () => {
    const shown = await cli("instance", "formats", "--slug", "acme");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.trim()).toBe("acme takes attachments as: pdf, jpg, png, webp, heic, heif");
    const set = await cli("instance", "formats", "--slug", "acme", "--set", "PNG, pdf");
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout.trim()).toBe("acme takes attachments as: pdf, png");
    const refused = await cli("instance", "formats", "--slug", "acme", "--set", "pdf,exe");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Formats are one or more of pdf, jpg, png, webp, heic, heif");
    expect((await cli("instance", "formats", "--slug", "acme", "--set", "")).code).toBe(1);
    await withDb(async (db) => {
      const instance = await db.instance.findUniqueOrThrow({ where: { slug: "acme" } });
      expect(instance.attachmentFormats).toEqual(["pdf", "png"]);
      const audits = await db.auditLog.findMany({
        where: { instanceId: instance.id, action: "instance.attachment_formats_update" },
      });
      expect(audits.map((row) => [row.actorLabel, row.details])).toEqual([
        [
          "cli",
          { attachment_formats: { before: ["pdf", "jpg", "png", "webp", "heic", "heif"], after: ["pdf", "png"] } },
        ],
      ]);
    });
  });

  it("user create generates a password and prints it alone on the last line; --password sets one", async () => {
    const created = await cli(
      "user",
      "create",
      "--email",
      "Boss@Acme.example",
      "--role",
      "admin",
      "--instance",
      "acme",
    );
    expect(created.code, created.stderr).toBe(0);
    const password = created.lastLine;
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(created.stdout.split("\n").filter((line) => line.includes(password))).toEqual([password]);

    const given = await cli(
      "user",
      "create",
      "--email",
      "clerk@acme.example",
      "--role",
      "viewer",
      "--instance",
      "acme",
      "--name",
      "Clerk",
      "--password",
      "a-long-enough-password",
    );
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).not.toContain("a-long-enough-password");

    await withDb(async (db) => {
      const boss = await db.user.findUniqueOrThrow({
        where: { email: "boss@acme.example" },
        include: { instance: true },
      });
      expect(boss).toMatchObject({ role: "admin", disabled: false, instance: { slug: "acme" } });
      expect(await verifyPassword(password, boss.passwordHash)).toBe(true);
      const clerk = await db.user.findUniqueOrThrow({ where: { email: "clerk@acme.example" } });
      expect(clerk).toMatchObject({ role: "viewer", name: "Clerk" });
      expect(await verifyPassword("a-long-enough-password", clerk.passwordHash)).toBe(true);
    });

    const duplicate = await cli(
      "user",
      "create",
      "--email",
      "boss@acme.example",
      "--role",
      "staff",
      "--instance",
      "acme",
    );
    expect(duplicate.code, duplicate.stderr).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
    const shortPassword = await cli(
      "user",
      "create",
      "--email",
      "x@acme.example",
      "--role",
      "staff",
      "--password",
      "short",
    );
    expect(shortPassword.code, shortPassword.stderr).toBe(2);
    const noInstance = await cli(
      "user",
      "create",
      "--email",
      "x@acme.example",
      "--role",
      "staff",
      "--instance",
      "nope",
    );
    expect(noInstance.code, noInstance.stderr).toBe(1);
    expect(noInstance.stderr).toContain('No instance "nope"');
  });

  it("user set-password replaces the password and revokes the user's sessions", async () => {
    const before = new Date();
    const reset = await cli("user", "set-password", "--email", "boss@acme.example");
    expect(reset.code, reset.stderr).toBe(0);
    await withDb(async (db) => {
      const boss = await db.user.findUniqueOrThrow({ where: { email: "boss@acme.example" } });
      expect(await verifyPassword(reset.lastLine, boss.passwordHash)).toBe(true);
      expect(boss.sessionsValidFrom.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    });
    const unknown = await cli("user", "set-password", "--email", "ghost@acme.example");
    expect(unknown.code, unknown.stderr).toBe(1);
  });

  let token = "";
  let prefix = "";
  let otherToken = "";

  it("token create prints a working token alone on the last line, with the role and expiry asked for", async () => {
    // The real process (PGlite: this process lets go of the folder first): its exit status and its whole stdout.
    await closeDb();
    const created = await cliProcess(
      "token",
      "create",
      "--instance",
      "acme",
      "--name",
      "robot",
      "--role",
      "viewer",
      "--expires-days",
      "3",
    );
    expect(created.stderr).toBe("");
    expect(created.code, created.stderr).toBe(0);
    token = created.lastLine;
    expect(token).toMatch(/^dft_[\w-]+$/);
    expect(created.stdout.split("\n").filter((line) => line.includes(token))).toEqual([token]);
    const other = await cli("token", "create", "--instance", "acme", "--name", "crm");
    expect(other.code, other.stderr).toBe(0);
    otherToken = other.lastLine;

    await withDb(async (db) => {
      const instance = await db.instance.findUniqueOrThrow({ where: { slug: "acme" } });
      const actor = await actorFromBearer(token);
      expect(actor).toMatchObject({ type: "token", role: "viewer", instanceId: instance.id, label: "token:robot" });
      const row = await db.apiToken.findUniqueOrThrow({ where: { id: actor!.id } });
      expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(3 * 86_400_000 - 60_000);
      expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeLessThan(3 * 86_400_000 + 60_000);
      prefix = row.prefix;
      // Role staff and no expiry unless asked.
      const crm = await actorFromBearer(otherToken);
      expect(crm).toMatchObject({ role: "staff", instanceId: instance.id });
      expect((await db.apiToken.findUniqueOrThrow({ where: { id: crm!.id } })).expiresAt).toBeNull();
    });
  });

  it("token list shows tokens by prefix, never the secret", async () => {
    const listed = await cli("token", "list", "--instance", "acme");
    expect(listed.code, listed.stderr).toBe(0);
    const robotLine = listed.stdout.split("\n").find((line) => line.includes(" robot "));
    expect(robotLine).toMatch(new RegExp(`^\\d+\\s+acme\\s+${prefix}\\s+robot\\s+viewer\\s.*\\sactive$`));
    expect(listed.stdout).not.toContain(token);
    const listedAll = await cli("token", "list");
    expect(listedAll.stdout).toContain(prefix);
  });

  it("token revoke stops a token (by prefix), is idempotent, and refuses an unknown one", async () => {
    const revoked = await cli("token", "revoke", prefix);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain("Revoked token");
    await withDb(async (db) => {
      expect(await actorFromBearer(token)).toBeNull();
      expect(await actorFromBearer(otherToken)).not.toBeNull();
      expect(await db.auditLog.count({ where: { action: { in: ["api_token.create", "api_token.revoke"] } } })).toBe(3);
    });
    const listedAfter = await cli("token", "list", "--instance", "acme");
    expect(listedAfter.stdout).toMatch(/ robot .*revoked \d{4}-\d\d-\d\d/);
    const twice = await cli("token", "revoke", prefix);
    expect(twice.code, twice.stderr).toBe(0);
    expect(twice.stdout).toContain("already revoked");
    const unknown = await cli("token", "revoke", "dft_nothing");
    expect(unknown.code, unknown.stderr).toBe(1);
    expect(unknown.stderr).toContain("No token matches");
  });

  it("lgpd-key rotate prints a key alone on the last line; rotating again retires the old key", async () => {
    const first = await cli("lgpd-key", "rotate", "--instance", "acme");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("POST /api/lgpd/acme/request");
    const second = await cli("lgpd-key", "rotate", "--instance", "acme");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("previous key no longer works");
    expect(first.lastLine).toMatch(/^lgpd_[\w-]+$/);
    expect(second.lastLine).not.toBe(first.lastLine);
    await withDb(async (db) => {
      const acme = await db.instance.findUniqueOrThrow({ where: { slug: "acme" } });
      expect(await instanceForLgpdKey("acme", first.lastLine)).toBeNull();
      expect(await instanceForLgpdKey("acme", second.lastLine)).toBe(acme.id);
    });
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("cli on the embedded database", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const created = await cli("instance", "create", "--slug", "lockco", "--name", "Lock Co");
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
    expect(free.stdout).toContain("lockco");
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
    expect(listed.stdout).toContain("lockco");
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
