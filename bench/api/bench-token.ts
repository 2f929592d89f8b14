import type pg from "pg";

/** A staff API token named `name` in the bench database's default instance (the token and the instance's id). */
export async function createBenchToken(client: pg.Client, name: string): Promise<{ token: string; instance: number }> {
  // Loaded on first use: lib server files are marked `server-only`, and the entries that import this module register
  // scripts/support/allow-server-only.ts first.
  const { generateSecret, hashSecret } = await import("../../lib/auth/server/secrets.ts");
  const token = generateSecret("dft");
  const instance = (await client.query(`SELECT id FROM "Instance" WHERE slug = 'default'`)).rows[0].id as number;
  await client.query(
    `INSERT INTO "ApiToken" ("instanceId", name, role, prefix, "tokenHash") VALUES ($1, $2, 'staff', $3, $4)`,
    [instance, name, token.slice(0, 10), hashSecret(token)],
  );
  return { token, instance };
}
