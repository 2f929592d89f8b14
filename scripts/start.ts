// npm start: the one command for a new user. Ensures a secret (NEXTAUTH_SECRET, else data/secret generated once),
// builds when there is no build or a source changed since, applies migrations, seeds an empty database, creates the
// first admin when there is no user (printing generated credentials once), then serves the app on PORT (3000)
// (scripts/serve-app.ts: Next's handler with a graceful SIGTERM).
// Works on the embedded database (PGlite, handed to the server process with its lock) and on DATABASE_URL.
import "./support/allow-server-only.ts";
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { checkConfigOrExit, config } from "../lib/config/index.ts";
import { describeTarget, databaseTarget } from "../lib/db/connection.ts";
import { acquirePgliteLock, completeHandover, DatabaseInUseError, lockHandover } from "../lib/db/pglite-lock.ts";

// The lib server files are marked `server-only`: the hook first (scripts/support/allow-server-only.ts), then they load
// through import() — static imports would be resolved before the hook is registered.
const { ensureAppSecret } = await import("../lib/ops/server/app-secret.ts");
const { buildFreshness } = await import("../lib/ops/server/build-freshness.ts");
const { prepareDatabase } = await import("../lib/ops/server/prepare-database.ts");

const USAGE = `usage: npm start [-- --skip-build]
  Builds if needed, prepares the database and serves the app on PORT (default 3000).
  --skip-build   never build (fails when there is no build): for tests and images built beforehand`;

let skipBuild = false;
try {
  const { values } = parseArgs({
    options: { "skip-build": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  skipBuild = values["skip-build"] ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

// Every variable validated before anything else: a bad value stops here with one line per problem, no stack.
checkConfigOrExit("[start] ");
const port = config("PORT");
const say = (line: string) => console.log(`[start] ${line}`);
const started = Date.now();

// 1. The secret that signs sessions and keys the LGPD hashes.
const secret = ensureAppSecret();
process.env.NEXTAUTH_SECRET = secret.secret;
say(
  secret.source === "env"
    ? "secret: NEXTAUTH_SECRET from the environment"
    : `secret: ${secret.source === "generated" ? "generated into" : "read from"} ${secret.file} (mode 0600)`,
);
if (secret.source !== "env" && config("DATABASE_URL")) {
  say("note: with several app servers on one database, give them all the same NEXTAUTH_SECRET");
}

// 2. The build.
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const freshness = buildFreshness();
if (!freshness.fresh && skipBuild) {
  if (freshness.reason === "there is no build yet") fail("--skip-build given but there is no build (.next/BUILD_ID)");
  say(`build: ${freshness.reason}; not rebuilding (--skip-build)`);
} else if (!freshness.fresh) {
  say(`build: ${freshness.reason}; running next build…`);
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) fail("next build failed (see above)");
} else {
  say("build: up to date");
}

// 3. The database. On PGlite this process holds the lock from here until the server starts, then hands the lock's
// socket to it (lib/db/pglite-lock.ts): the CLI cannot open the folder in between, and the lock ends with the
// server process, not with this wrapper.
const target = databaseTarget();
let releaseHold = () => {};
if (target.kind === "pglite") {
  try {
    releaseHold = await acquirePgliteLock(target.dir);
  } catch (error) {
    fail(error instanceof DatabaseInUseError ? error.message : String(error));
  }
}
let prepared;
try {
  prepared = await prepareDatabase({ firstAdmin: true });
} catch (error) {
  releaseHold();
  fail(error instanceof DatabaseInUseError ? error.message : `could not prepare the database: ${errorText(error)}`);
}
const where = describeTarget(target);
say(
  `database: ${where}${prepared.applied.length ? `, applied ${prepared.applied.join(", ")}` : ", migrations up to date"}`,
);
say(prepared.seed.seeded ? `seed: created ${prepared.seed.summary}` : `seed: skipped (${prepared.seed.reason})`);

// 4. The server.
childEnv.NEXTAUTH_URL ??= `http://localhost:${port}`;
const url = childEnv.NEXTAUTH_URL;
const admin = prepared.admin;
if (admin?.created) {
  const lines = [
    "First admin created. Sign in at " + url + " with:",
    `  e-mail:   ${admin.email}`,
    admin.generatedPassword ? `  password: ${admin.generatedPassword}` : "  password: the one in ADMIN_PASSWORD",
    ...(admin.generatedPassword
      ? ["This password is shown only this once. Lost it? npm run cli -- user set-password --email " + admin.email]
      : []),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "=".repeat(width + 4);
  console.log(["", rule, ...lines.map((line) => `  ${line}`), rule, ""].join("\n"));
}
say(
  `starting the server on port ${port} (${url}) after ${((Date.now() - started) / 1000).toFixed(1)} s of preparation`,
);

const handover = target.kind === "pglite" ? lockHandover(target.dir, 3) : null;
if (target.kind === "pglite" && !handover) say("note: the database lock cannot be handed to the server here");
// Our own node:http server around Next's handler (not `next start`), for a bounded graceful shutdown.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const server = spawn(process.execPath, ["--import", tsxLoader, path.join(import.meta.dirname, "serve-app.ts")], {
  stdio: handover ? ["inherit", "inherit", "inherit", handover.fd] : "inherit",
  env: { ...childEnv, ...handover?.env, PORT: String(port), NODE_ENV: "production" },
});
if (handover && server.pid && target.kind === "pglite") {
  completeHandover(target.dir, { pid: server.pid, command: "scripts/serve-app.ts (npm start)" });
} else releaseHold();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 0));
});

function fail(message: string): never {
  console.error(`[start] ${message}`);
  process.exit(1);
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
