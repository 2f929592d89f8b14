// Serves the built app for Playwright: one `next start` per port named on the command line (one per Playwright
// worker: playwright.config.ts), each on a fresh database of its own with known users (see e2e/support/seed.ts) — an
// embedded PGlite folder, or, when E2E_DATABASE_URL names a PostgreSQL server, a database of its own on that server,
// dropped on exit (and, should a run be killed, at the start of the next run on the same port).
// The first port's database is migrated and seeded once; the others are copies of it (a copied PGlite folder,
// `CREATE DATABASE … TEMPLATE` on PostgreSQL), and the servers start side by side: Playwright starts its `webServer`
// entries one after another, so one entry per server made the second wait for the first's migrations, seed and start
// (docs/decisions/0055-playwright-suite.md). Prints E2E_SERVERS_READY once every server answers /signin.
import "./support/allow-server-only.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";

const ports = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["3100"];
const [firstPort] = ports as [string, ...string[]];
const serverUrl = process.env.E2E_DATABASE_URL || "";
// The environment this script was given, before the seed below points process.env at the first port's database and
// URLs: each server's settings derive from this, never from what another port's set-up left in process.env.
const given: NodeJS.ProcessEnv = { ...process.env };
const databaseName = (port: string) => `docflow_e2e_${port}`;
// One folder per port, like the PostgreSQL database: a second run on another port must never wipe the folder a
// running server has open (the lock only guards the open, not this reset).
const pgliteDir = (port: string) => path.resolve(`data/e2e-pglite-${port}`);

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

function databaseUrlOf(port: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName(port)}`;
  return url.toString();
}

/** What the server on `port` (and the seed, for the first port) sees: its database, its own URL, its SMTP port. */
function appEnv(port: string): Record<string, string> {
  return {
    ...(serverUrl ? { DATABASE_URL: databaseUrlOf(port) } : { PGLITE_DIR: pgliteDir(port) }),
    NEXTAUTH_SECRET: given.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    // Customer e-mails go to the SMTP server e2e/customer-email.spec.ts runs on the next port (nothing listens
    // otherwise: messages then wait and retry, which no other journey notices).
    SMTP_URL: given.SMTP_URL ?? `smtp://127.0.0.1:${Number(port) + 1}`,
    // The browser test's webhook receiver listens on loopback, which only the operator can open
    // (lib/webhooks/destination.ts).
    WEBHOOK_ALLOW_CIDRS: given.WEBHOOK_ALLOW_CIDRS ?? "127.0.0.1/32",
    // e2e/sso.spec.ts runs an OpenID Provider on loopback (port + 4).
    SSO_ALLOW_CIDRS: given.SSO_ALLOW_CIDRS ?? "127.0.0.1/32",
    // The browser suites exercise the routes too: their answers are checked against the contracts
    // (lib/http/answer-check.ts).
    DOCFLOW_CHECK_ANSWERS: given.DOCFLOW_CHECK_ANSWERS ?? "1",
  };
}

function serverEnv(port: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...given,
    ...appEnv(port),
    NODE_ENV: "production",
    LGPD_POLL_SECONDS: given.LGPD_POLL_SECONDS ?? "1",
    // Customer e-mails and webhooks: quick polls and retries, so e2e/customer-*.spec.ts see a retry within seconds.
    OUTBOX_POLL_SECONDS: given.OUTBOX_POLL_SECONDS ?? "1",
    OUTBOX_RETRY_BASE_SECONDS: given.OUTBOX_RETRY_BASE_SECONDS ?? "2",
  };
  delete env[serverUrl ? "PGLITE_DIR" : "DATABASE_URL"];
  return env;
}

// The first port's database: made, migrated and seeded here.
if (serverUrl) {
  for (const port of ports) await onPostgres(`DROP DATABASE IF EXISTS "${databaseName(port)}" WITH (FORCE)`);
  await onPostgres(`CREATE DATABASE "${databaseName(firstPort)}"`);
} else {
  for (const port of ports) rmSync(pgliteDir(port), { recursive: true, force: true });
}
Object.assign(process.env, appEnv(firstPort));
delete process.env[serverUrl ? "PGLITE_DIR" : "DATABASE_URL"];
const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
const { getDb, closeDb } = await import("../lib/db/client.ts");
const { seedE2e } = await import("../e2e/support/seed.ts");
await deployMigrationsOnOpenDatabase();
await seedE2e(await getDb());
// Closed before copying: a PGlite folder is copied at rest, and PostgreSQL refuses a template anyone is connected to.
await closeDb();
for (const port of ports.slice(1)) {
  if (serverUrl) await onPostgres(`CREATE DATABASE "${databaseName(port)}" TEMPLATE "${databaseName(firstPort)}"`);
  else cpSync(pgliteDir(firstPort), pgliteDir(port), { recursive: true });
}

const servers: ChildProcess[] = [];
let stopping = false;
function stop(signal: NodeJS.Signals) {
  stopping = true;
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}
const ended = ports.map((port) => {
  const server = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], {
    stdio: "inherit",
    env: serverEnv(port),
  });
  servers.push(server);
  return new Promise<number>((resolve) => {
    server.on("exit", async (code) => {
      // One server ending on its own ends the others (Playwright then reports the lost server).
      if (!stopping) stop("SIGTERM");
      if (serverUrl) await onPostgres(`DROP DATABASE IF EXISTS "${databaseName(port)}" WITH (FORCE)`).catch(() => {});
      resolve(code ?? 0);
    });
  });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));
void Promise.all(ended).then((codes) => process.exit(codes.find((code) => code !== 0) ?? 0));

/** Resolves once the server on `port` answers its sign-in page (what Playwright's `url` check used to wait for). */
async function answers(port: string): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/signin`, { redirect: "manual" }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
await Promise.all(ports.map(answers));
console.log(`E2E_SERVERS_READY ${ports.join(" ")}`);
