// The CLI's account flags on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL): `user create
// --integration`, `token create --clear-personal-data`, and the password rules every place a password is set.
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorFromBearer } from "@/lib/auth/server/api-tokens.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { cliInProcess as cli } from "./helpers/cli-in-process.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;

beforeAll(async () => {
  database = await createMigratedDatabase();
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  await createInstanceWithCatalog(await getDb(), "default");
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

it("user create --integration makes an integration account; a weak --password is refused (exit 2)", async () => {
  const created = await cli("user", "create", "--email", "robo@cli.test", "--role", "staff", "--integration");
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain("Created integration staff robo@cli.test");
  const db = await getDb();
  expect((await db.user.findUniqueOrThrow({ where: { email: "robo@cli.test" } })).integration).toBe(true);
  const plain = await cli("user", "create", "--email", "pessoa@cli.test", "--role", "staff");
  expect(plain.code, plain.stderr).toBe(0);
  expect((await db.user.findUniqueOrThrow({ where: { email: "pessoa@cli.test" } })).integration).toBe(false);

  const weak = await cli(
    "user",
    "create",
    "--email",
    "fraca@cli.test",
    "--role",
    "staff",
    "--password",
    "senha12345678",
  );
  expect(weak.code).toBe(2);
  expect(weak.stderr).toContain("too common or too easy to guess");
  const short = await cli("user", "set-password", "--email", "pessoa@cli.test", "--password", "curta-1234");
  expect(short.code).toBe(2);
  expect(short.stderr).toContain("at least 12 characters");
  expect(await db.user.count({ where: { email: "fraca@cli.test" } })).toBe(0);
});

it("token create reads masked unless --clear-personal-data (and never for a viewer)", async () => {
  const masked = await cli("token", "create", "--instance", "default", "--name", "masked");
  expect(masked.code, masked.stderr).toBe(0);
  expect(masked.stdout).toContain("personal data masked");
  expect((await actorFromBearer(masked.lastLine))?.clearPersonalData).toBe(false);

  const clear = await cli("token", "create", "--instance", "default", "--name", "clear", "--clear-personal-data");
  expect(clear.code, clear.stderr).toBe(0);
  expect(clear.stdout).toContain("personal data in clear");
  expect((await actorFromBearer(clear.lastLine))?.clearPersonalData).toBe(true);

  const viewer = await cli(
    "token",
    "create",
    "--instance",
    "default",
    "--name",
    "viewer",
    "--role",
    "viewer",
    "--clear-personal-data",
  );
  expect(viewer.code).toBe(1);
});
