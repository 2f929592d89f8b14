// Serves the built app for Playwright on a fresh database with known users (see e2e/support/seed.ts): an embedded
// PGlite folder, or — when E2E_DATABASE_URL names a PostgreSQL server — a database of its own on that server,
// dropped on exit (and, should a run be killed, at the start of the next run on the same port).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const port = process.argv[2] ?? "3100";
const serverUrl = process.env.E2E_DATABASE_URL || "";
const databaseName = `docflow_e2e_${port}`;

async function onPostgres(sql: string) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (serverUrl) {
  await onPostgres(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await onPostgres(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
  delete process.env.PGLITE_DIR;
} else {
  // One folder per port, like the PostgreSQL database: a second run on another port must never wipe the folder a
  // running server has open (the lock only guards the open, not this reset).
  const dir = path.resolve(`data/e2e-pglite-${port}`);
  rmSync(dir, { recursive: true, force: true });
  process.env.PGLITE_DIR = dir;
  delete process.env.DATABASE_URL;
}
process.env.NEXTAUTH_SECRET ??= "e2e-only-secret-not-for-production";
process.env.NEXTAUTH_URL = `http://127.0.0.1:${port}`;
// Customer e-mails go to the SMTP server e2e/customer-email.spec.ts runs on the next port (nothing listens otherwise:
// messages then wait and retry, which no other journey notices).
// The browser test's webhook receiver listens on loopback, which only the operator can open (lib/webhooks/destination.ts).
process.env.WEBHOOK_ALLOW_CIDRS ??= "127.0.0.1/32";
process.env.SMTP_URL ??= `smtp://127.0.0.1:${Number(port) + 1}`;
// The browser suites exercise the routes too: their answers are checked against the contracts (lib/http/answer-check.ts).
process.env.DOCFLOW_CHECK_ANSWERS ??= "1";

const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
const { getDb, closeDb } = await import("../lib/db/client.ts");
const { seedE2e } = await import("../e2e/support/seed.ts");
await deployMigrationsOnOpenDatabase();
await seedE2e(await getDb());
await closeDb();

const server = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    LGPD_POLL_SECONDS: process.env.LGPD_POLL_SECONDS ?? "1",
    // Customer e-mails and webhooks: quick polls and retries, so e2e/customer-*.spec.ts see a retry within seconds.
    OUTBOX_POLL_SECONDS: process.env.OUTBOX_POLL_SECONDS ?? "1",
    OUTBOX_RETRY_BASE_SECONDS: process.env.OUTBOX_RETRY_BASE_SECONDS ?? "2",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", async (code) => {
  if (serverUrl) await onPostgres(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => {});
  process.exit(code ?? 0);
});
