// The document-API benchmark: the app against a hand-written node:http + pg baseline (bench/api/baseline.ts) answering
// the same five calls with the same JSON, on one PostgreSQL database of 1,000,000 documents (100,000 with --quick).
// Per route and server, alternating in one run: req/s at 32 connections, p50/p99, errors, CPU ms per request
// (utime+stime of the server's process tree / requests), PostgreSQL CPU ms per request (the same, over the backends
// serving the servers' connections in that window, plus the GIN index work its writes deferred:
// bench/api/postgres-cpu.ts), RSS; then each app and the baseline at half of that app's maximum, each after a 2 s
// paced warm-up at that rate (its p99 printed, not counted). The load average is recorded with every run.
// Every server runs on the same Node (printed first).
//
//   npm run bench -- api --quick                      (100,000 documents, ~3 s per measurement)
//   npm run bench -- api                              (1,000,000 documents, BENCH_SECONDS=15 per measurement)
//   BENCH_DATABASE_URL=postgresql://…  server to use (else TEST_DATABASE_URL, else the local postgres:postgres)
//   BENCH_APPS=start:1,start:2   the app(s) to measure in the same run, each against the same baseline:
//       start      exactly as `npm start` serves it (scripts/serve-app.ts: WEB_CONCURRENCY processes, default cores)
//       start:N    the same with WEB_CONCURRENCY=N
//       next       `next start` (one process; what the runs before the cluster measured)
//       …+NAME=value   that variant's own environment, e.g. start:1+PROXY_BYPASS=off,start:1
//       …+NODE_ARGS=flags   that variant's own Node flags, e.g. start:1,start:1+NODE_ARGS=--single-threaded-gc
//   BENCH_APP_ENV="LOG_LEVEL=silent"   extra environment for the app(s)
//   BENCH_NODE=/path/to/node   the Node for every server (default: the one running the bench, which `npm run`
//       takes from node_modules/.bin: the project's Node 26)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   flags for the app's Node (cluster workers inherit them)
//   BENCH_FLOOR=0   leaves out Next's floor (bench/api/next-floor.ts: a bare Next route handler with the baseline's
//       answers and no database, measured at its maximum beside the others — what Next itself leaves of the
//       baseline — and at each app's half-load rate: the tail a bare route handler has there)
//   BENCH_ROUTES=loadById,create  BENCH_CONNECTIONS=32  BENCH_FRESH=1 (reseed)  BENCH_KEEP_LOGS=1 (servers' stdout,
//   e.g. with BENCH_NODE_ARGS=--trace-gc)
// The seeded database (docflow_bench_api_<documents>) is kept for the next run; BENCH_FRESH=1 drops it first.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildNextFloor, floorAnswerKey, type FloorAnswers } from "./api/next-floor.ts";
import { foldGinPendingLists, processCpuMs } from "./api/postgres-cpu.ts";
import { pacedLoad } from "./api/paced-load.ts";
import { formattedCpf, identifierDigits, seedDocuments } from "./api/seed.ts";

const quick = process.argv.includes("--quick");
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || (quick ? 100_000 : 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS) || (quick ? 3 : 15);
/** The paced warm-up before each half-load measurement (see where it runs). */
const HALF_WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 32;
const PORT = Number(process.env.BENCH_PORT) || Number(process.env.E2E_PORT) + 1 || 3111;
const NODE = process.env.BENCH_NODE || process.execPath;

export type Measurement = {
  route: string;
  server: string;
  /** At half load: the app whose maximum set the rate (the baseline is measured once per app). */
  pairedWith: string | null;
  mode: string;
  connections: number;
  rate: number | null;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number;
  /**
   * CPU of the PostgreSQL backends serving this server's connections, per request, with the GIN index work its writes
   * deferred (bench/api/postgres-cpu.ts; null on PGlite).
   */
  pgCpuMsPerRequest: number | null;
  /** Of that, the GIN pending entries its writes left, folded into their indexes right after the measurement. */
  pgDeferredMsPerRequest: number | null;
  rssMb: number;
  load: string;
};

// ---- database -----------------------------------------------------------------------------------------------------
/** Creates (or reuses) docflow_bench_api_<documents> on the PostgreSQL server and seeds it once. */
export async function prepareDatabase(documents = DOCUMENTS) {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const name = `docflow_bench_api_${documents}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (process.env.BENCH_FRESH) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  const version = (await admin.query("SHOW server_version")).rows[0].server_version as string;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const seeded = await seedOpenDatabase(name, documents, async (work) => {
    // The seed's few large statements go on a connection of their own, outside the app's pool and its timeouts.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  });
  return { ...seeded, url: url.toString(), version: `PostgreSQL ${version}` };
}

/** Seeds (or reuses) the embedded database in `dir` with the same documents, for the app as `npm start` serves it. */
export async function preparePglite(dir: string, documents: number) {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = dir;
  const { getConnection } = await import("../lib/db/client.ts");
  const seeded = await seedOpenDatabase(dir, documents, async (work) => {
    const pglite = (await getConnection()).pglite!;
    await work({ query: (text: string, params?: unknown[]) => pglite.query(text, params) } as unknown as pg.ClientBase);
  });
  return { ...seeded, url: "", version: "PGlite" };
}

/**
 * On the database the environment names: migrations, then (once) the catalog and the seed of `documents`
 * documents through `withSeedClient`, then a fresh token for this run (its hash is all the database keeps).
 */
async function seedOpenDatabase(
  name: string,
  documents: number,
  withSeedClient: (work: (client: pg.ClientBase) => Promise<void>) => Promise<void>,
) {
  const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const { generateSecret, hashSecret } = await import("../lib/auth/server/secrets.ts");
  await deployMigrationsOnOpenDatabase();
  const db = await getDb();
  let instance = await db.instance.findUnique({ where: { slug: "default" } });
  if (instance && !(await db.documentHistory.findFirst({ select: { id: true } }))) {
    throw new Error(`${name} holds an unfinished seed: run again with BENCH_FRESH=1`);
  }
  let seedTimings: Record<string, number> | null = null;
  const started = performance.now();
  if (!instance) {
    const catalog = await createInstanceWithCatalog(db, "default");
    instance = await db.instance.findUniqueOrThrow({ where: { slug: "default" } });
    const modality = await db.modality.findUniqueOrThrow({ where: { id: catalog.modalityIds.businessHours } });
    await withSeedClient(async (client) => {
      seedTimings = await seedDocuments(client, {
        instanceId: catalog.instanceId,
        productId: catalog.productId,
        statusIds: Object.values(catalog.statusIds),
        modality: { id: modality.id, identifier: modality.identifier },
        documents,
      });
    });
  }
  const token = generateSecret("dft");
  await db.apiToken.create({
    data: {
      instanceId: instance.id,
      name: "bench",
      role: "staff",
      prefix: token.slice(0, 10),
      tokenHash: hashSecret(token),
    },
  });
  // Ids drawn from the rows that exist: ids rolled back by earlier experiments leave gaps that would answer 404.
  const ids = await db.$queryRawUnsafe<{ id: number }[]>(
    `SELECT "id" FROM "Document" WHERE "instanceId" = $1 ORDER BY random() LIMIT 200000`,
    instance.id,
  );
  const statusNovo = await db.status.findFirstOrThrow({ where: { instanceId: instance.id, name: "Novo" } });
  const product = await db.product.findFirstOrThrow({ where: { instanceId: instance.id } });
  const count = await db.document.count({ where: { instanceId: instance.id } });
  await closeDb();
  return {
    token,
    identifiers: Math.max(1, Math.floor(documents / 10)),
    documentIds: Int32Array.from(ids, (row) => row.id),
    count,
    statusId: statusNovo.id,
    productId: product.id,
    seedSeconds: seedTimings ? Math.round((performance.now() - started) / 100) / 10 : null,
    seedTimings: seedTimings as Record<string, number> | null,
  };
}

// ---- servers ------------------------------------------------------------------------------------------------------
export type AppVariant = {
  label: string;
  kind: "start" | "next";
  processes: number;
  env: Record<string, string>;
  /** Node flags of this variant only (its "+NODE_ARGS=…" setting). */
  nodeArgs: string;
};
export type Server = {
  name: string;
  app: AppVariant | null;
  base: string;
  process: ChildProcess;
  /** The server's stdout (its JSON log lines) goes to this file: readiness is read from it, at no cost to the server. */
  logFile: string;
  /** The application_name its PostgreSQL connections carry (how its backends are told apart), or null on PGlite. */
  pgApplication: string | null;
  /** The database it serves (empty on PGlite). */
  databaseUrl: string;
};

/**
 * BENCH_APPS → the app variants to measure: "start" (as `npm start` serves), "start:N", "next", each optionally
 * followed by its own environment, e.g. "start:1+LOG_LEVEL=silent".
 */
export function appVariants(spec = process.env.BENCH_APPS || "start"): AppVariant[] {
  return spec.split(",").map((item) => {
    const [server, ...settings] = item.trim().split("+");
    const [kind, count] = server!.split(":");
    const { NODE_ARGS: nodeArgs = "", ...env } = Object.fromEntries(
      settings.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    const suffix = settings.length ? ` ${settings.join(" ")}` : "";
    if (kind === "next" && !count) return { label: `next start${suffix}`, kind, processes: 1, env, nodeArgs };
    const processes = count === undefined ? availableParallelism() : Number(count);
    if (kind !== "start" || !Number.isInteger(processes) || processes < 1) {
      throw new Error(`BENCH_APPS: "${item}" is not start, start:<processes> or next (+NAME=value…)`);
    }
    return { label: `npm start ×${processes}${suffix}`, kind, processes, env, nodeArgs };
  });
}

export function nodeVersion(): string {
  return spawnSync(NODE, ["--version"], { encoding: "utf8" }).stdout.trim();
}

export function startServer(
  app: AppVariant | null,
  port: number,
  databaseUrl: string,
  logDir: string,
  floor?: { dir: string; answers: FloorAnswers },
): Server {
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  // Each server's connections carry their own application_name, so the backends serving it can be found (its
  // PostgreSQL CPU per request).
  const pgApplication = databaseUrl ? `docflow_bench_${port}` : null;
  const env = {
    ...process.env,
    DATABASE_URL: pgApplication ? withApplicationName(databaseUrl, pgApplication) : databaseUrl,
    PORT: String(port),
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXTAUTH_SECRET: "bench-secret",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    API_RATE_LIMIT_PER_MINUTE: "100000000",
    ...(app ? { ...extraEnv, ...app.env, WEB_CONCURRENCY: String(app.processes) } : {}),
  };
  // BENCH_NODE_ARGS for every app, then the variant's own NODE_ARGS (e.g. "start:1+NODE_ARGS=--single-threaded-gc").
  const nodeArgs = `${process.env.BENCH_NODE_ARGS ?? ""} ${app?.nodeArgs ?? ""}`.split(/\s+/).filter(Boolean);
  // `start` is the server process of `npm start` (scripts/start.ts prepares the database, then runs this).
  const args = floor
    ? ["node_modules/next/dist/bin/next", "start", floor.dir, "-p", String(port), "-H", "127.0.0.1"]
    : !app
      ? ["--import", "tsx", "bench/api/baseline.ts"]
      : app.kind === "start"
        ? [...nodeArgs, "--import", "tsx", "scripts/serve-app.ts"]
        : [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"];
  const name = floor ? FLOOR : app ? `app (${app.label})` : "baseline";
  const logFile = path.join(logDir, `${port}.log`);
  const stdout = openSync(logFile, "w");
  const child = spawn(NODE, args, {
    stdio: ["ignore", stdout, "inherit"],
    env: floor ? { ...env, NEXT_FLOOR_ANSWERS: JSON.stringify(floor.answers) } : env,
  });
  closeSync(stdout);
  return {
    name,
    app,
    base: `http://127.0.0.1:${port}`,
    process: child,
    logFile,
    pgApplication,
    databaseUrl,
  };
}

const FLOOR = "Next's floor";

/** One answer of the baseline per route, for Next's floor to give (the same bytes the app and the baseline send). */
async function baselineAnswers(
  baseline: Server,
  calls: ReturnType<typeof routeBodies>,
  routes: string[],
  token: string,
): Promise<FloorAnswers> {
  const answers: FloorAnswers = {};
  for (const route of routes) {
    const body = calls[route]!.body();
    const response = await fetch(baseline.base + calls[route]!.path, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`the baseline answered ${route} with ${response.status}`);
    answers[floorAnswerKey(calls[route]!.path, body)] = await response.text();
  }
  return answers;
}

function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", name);
  return url.toString();
}

/**
 * SIGTERM to every server still running, wait for them to exit, close the bench's own database connections, then drop
 * the servers' logs (unless BENCH_KEEP_LOGS).
 */
export async function stopServers(servers: Server[], logDir: string) {
  for (const server of servers) if (server.process.exitCode === null) server.process.kill("SIGTERM");
  await Promise.all(
    servers.map((server) =>
      server.process.exitCode !== null || server.process.signalCode !== null
        ? null
        : new Promise((resolve) => server.process.once("exit", resolve)),
    ),
  );
  await closeBenchAdmins();
  if (process.env.BENCH_KEEP_LOGS) console.log(`servers' logs kept in ${logDir}`);
  else rmSync(logDir, { recursive: true, force: true });
}

export async function waitUntilUp(server: Server, token: string) {
  // A cluster's processes start listening one by one, and connections opened before a process listens never reach
  // it: wait until each has logged server.listening before the first request (so not with LOG_LEVEL=silent).
  const listening = () => readFileSync(server.logFile, "utf8").split('"event":"server.listening"').length - 1;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.process.exitCode !== null) throw new Error(`${server.name} exited with ${server.process.exitCode}`);
    if (server.app?.kind !== "start" || server.app.processes === 1 || listening() >= server.app.processes) {
      try {
        const response = await fetch(`${server.base}/api/document/loadById`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ id: 1 }),
        });
        await response.text();
        if (response.status < 500) return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} did not start`);
}

function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
      try {
        return readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU milliseconds a server's process tree (its cluster workers included) has used so far. */
function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, one) => sum + processCpuMs(one), 0);
}

/**
 * CPU milliseconds of the PostgreSQL backends serving the bench's servers (application_name docflow_bench_<port>), by
 * backend pid (read from /proc/<pid>/stat: the bench runs on the database's machine). Every server's, not only the
 * measured one's: the others are idle then, but an idle app's background loop folds the search indexes' pending lists
 * (lib/ops/server/search-index-upkeep.ts) — what the measured server's writes left there, so that CPU is the
 * measurement's. A backend that ends inside the window loses its last ticks; the pools keep their connections while
 * loaded, so that is the exception.
 */
async function postgresCpuMs(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT "pid" FROM pg_stat_activity WHERE application_name LIKE 'docflow\\_bench\\_%' AND backend_type = 'client backend'`,
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
}

/** CPU spent between two samples: backends that appeared in between count from their start. */
function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

// One connection of the bench's own per database to read pg_stat_activity (its application_name is no server's).
const adminClients = new Map<string, Promise<pg.Client>>();
function benchAdmin(databaseUrl: string): Promise<pg.Client> {
  let client = adminClients.get(databaseUrl);
  if (!client) {
    client = (async () => {
      const opened = new pg.Client({ connectionString: databaseUrl, application_name: "docflow_bench" });
      await opened.connect();
      return opened;
    })();
    adminClients.set(databaseUrl, client);
  }
  return client;
}

/** Closes the bench's pg_stat_activity connections (after the last measurement). */
export async function closeBenchAdmins() {
  for (const client of adminClients.values()) await (await client).end();
  adminClients.clear();
}

function rssMb(pid: number): number {
  return processTree(pid).reduce((sum, one) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${one}/status`, "utf8"));
      return sum + (match ? Number(match[1]) / 1024 : 0);
    } catch {
      return sum;
    }
  }, 0);
}

// ---- the calls ----------------------------------------------------------------------------------------------------
export type Seeded = Awaited<ReturnType<typeof prepareDatabase>>;
const randomInt = (max: number) => Math.floor(Math.random() * max);

/** A random identifier as stored: an evenly drawn customer, half formatted, half bare (as the seed wrote them). */
function randomCpf(identifiers: number): string {
  const digits = identifierDigits(randomInt(identifiers));
  return Math.random() < 0.5 ? formattedCpf(digits) : digits;
}

export function routeBodies(
  seeded: Pick<Seeded, "documentIds" | "identifiers" | "statusId" | "productId">,
): Record<string, { path: string; body: () => unknown }> {
  const randomId = () => seeded.documentIds[randomInt(seeded.documentIds.length)]!;
  return {
    loadById: { path: "/api/document/loadById", body: () => ({ id: randomId() }) },
    loadByCPF: { path: "/api/document/loadByCPF", body: () => ({ cpf: randomCpf(seeded.identifiers) }) },
    "loadByCPF+categories": {
      path: "/api/document/loadByCPF",
      body: () => ({ cpf: randomCpf(seeded.identifiers), categories: "primary,valid" }),
    },
    create: {
      path: "/api/document/create",
      body: () => ({
        status_id: seeded.statusId,
        product_id: seeded.productId,
        cpf: randomCpf(seeded.identifiers),
        name: "Maria Silva",
        email: "maria@example.com",
        phone: "+55 11 91234-5678",
        source: "bench",
        modality_identifier: "24x7",
        filled_columns: { placa: `ABC${randomInt(10_000)}`, valor_segurado: 85_000, corretor: "Corretor 7" },
      }),
    },
    updateById: {
      path: "/api/document/updateById",
      body: () => ({ id: randomId(), filled_columns: { valor_segurado: randomInt(1_000_000), vistoria: "ok" } }),
    },
  };
}

/** The paced load's figures in the shape `measure` reads from autocannon's result. */
async function pacedResult(options: Parameters<typeof pacedLoad>[0]) {
  const paced = await pacedLoad(options);
  if (paced.late > 0) {
    console.log(
      `  (the load generator sent ${paced.late} of ${paced.requests} requests late, p99 ${paced.lateP99} ms late; ` +
        `p99 counted from the send: ${paced.p99FromSend} ms)`,
    );
  }
  if (!paced.raisedPriority) console.log("  (the load generator could not raise its priority above the servers')");
  if (paced.errors > 0) console.log(`  (errors: ${JSON.stringify(paced.errorKinds)})`);
  return {
    requests: { total: paced.requests },
    latency: { p50: paced.p50, p99: paced.p99 },
    errors: paced.errors,
    timeouts: 0,
    non2xx: 0,
  };
}

export async function measure(
  server: Server,
  route: string,
  call: { path: string; body: () => unknown },
  token: string,
  options: {
    seconds: number;
    rate?: number;
    mode: string;
    pairedWith?: string;
    connections?: number;
    /** With `rate`: autocannon's bursty `overallRate` instead of the paced load. */
    autocannonRate?: boolean;
  },
): Promise<Measurement> {
  const loadBefore = loadavg()[0]!;
  const admin = server.pgApplication ? await benchAdmin(server.databaseUrl) : null;
  // Empty GIN pending lists at the start: the fold of what earlier measurements wrote is not this one's.
  if (admin) await foldGinPendingLists(admin);
  const pgBefore = admin ? await postgresCpuMs(admin) : null;
  const cpuBefore = treeCpuMs(server.process.pid!);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const connections = options.connections ?? CONNECTIONS;
  // A fixed offered rate is paced evenly, open loop (bench/api/paced-load.ts says why not autocannon's overallRate);
  // BENCH_HALF_AUTOCANNON=1 measures it the old way too, for comparison.
  const result =
    options.rate && !options.autocannonRate
      ? await pacedResult({
          ...call,
          base: server.base,
          headers,
          rate: options.rate,
          seconds: options.seconds,
          connections,
        })
      : await autocannon({
          url: server.base,
          connections,
          duration: options.seconds,
          ...(options.rate ? { overallRate: options.rate } : {}),
          requests: [
            {
              method: "POST",
              path: call.path,
              headers,
              setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify(call.body()) }),
            },
          ],
        });
  const cpuMs = treeCpuMs(server.process.pid!) - cpuBefore;
  const pgWindowMs = pgBefore ? cpuMsBetween(pgBefore, await postgresCpuMs(admin!)) : null;
  const pgDeferredMs = admin ? await foldGinPendingLists(admin) : null;
  const pgCpuMs = pgWindowMs === null ? null : pgWindowMs + pgDeferredMs!;
  const requests = result.requests.total;
  const perRequest = (ms: number) => (requests ? Math.round((ms / requests) * 100) / 100 : 0);
  return {
    route,
    server: server.name,
    pairedWith: options.pairedWith ?? null,
    mode: options.mode,
    connections,
    rate: options.rate ?? null,
    requests,
    rps: Math.round(requests / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: perRequest(cpuMs),
    pgCpuMsPerRequest: pgCpuMs === null ? null : perRequest(pgCpuMs),
    pgDeferredMsPerRequest: pgDeferredMs === null ? null : perRequest(pgDeferredMs),
    rssMb: Math.round(rssMb(server.process.pid!)),
    load: `${loadBefore.toFixed(1)}→${loadavg()[0]!.toFixed(1)}`,
  };
}

const pgRatio = (mine: Measurement, base: Measurement) =>
  mine.pgCpuMsPerRequest !== null && base.pgCpuMsPerRequest
    ? `**${(mine.pgCpuMsPerRequest / base.pgCpuMsPerRequest).toFixed(2)}×**`
    : "–";

/**
 * `server`'s row for `route` in `mode`. Half-load rows come in one set per app (each at that app's half-load rate):
 * there it is the row `server` measured at `app`'s rate.
 */
function rowOf(rows: Measurement[], route: string, server: string, mode: string, app?: string) {
  return rows.find(
    (row) =>
      row.route === route &&
      row.server === server &&
      row.mode === mode &&
      (mode !== "half" || server === app || row.pairedWith === app),
  );
}

function table(rows: Measurement[], app: string, mode: string): string {
  const lines = [
    "| route | app req/s | baseline req/s | app / baseline | app p50 / p99 ms | baseline p50 / p99 ms | app CPU ms/req | baseline CPU ms/req | PostgreSQL CPU ms/req app / baseline | PostgreSQL app / baseline | errors app / baseline | app RSS MB | load app / baseline |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (const route of [...new Set(rows.map((row) => row.route))]) {
    const mine = rowOf(rows, route, app, mode, app);
    const base = rowOf(rows, route, "baseline", mode, app);
    if (!mine || !base) continue;
    lines.push(
      `| ${route}${mode === "half" ? ` @ ${mine.rate}/s` : ""} | ${mine.rps} | ${base.rps} | **${(mine.rps / base.rps).toFixed(2)}** | ${mine.p50} / ${mine.p99} | ${base.p50} / ${base.p99} | ${mine.cpuMsPerRequest} | ${base.cpuMsPerRequest} | ${mine.pgCpuMsPerRequest ?? "–"} / ${base.pgCpuMsPerRequest ?? "–"} | ${pgRatio(mine, base)} | ${mine.errors} / ${base.errors} | ${mine.rssMb} | ${mine.load} / ${base.load} |`,
    );
  }
  return lines.join("\n");
}

/** Next's floor beside the baseline and each app, at the maximum (what Next leaves of the baseline, and how much of
 * that the app reaches) and at each app's half load (the tail a bare route handler has at that rate). */
function floorTable(rows: Measurement[], apps: Server[]): string {
  const appColumns = apps.flatMap((app) => [
    `${app.name} / floor`,
    `p99 ms at ${app.name}'s half load: app / floor / baseline`,
  ]);
  const lines = [
    `| route | floor req/s | floor CPU ms/req | floor / baseline | ${appColumns.join(" | ")} |`,
    `|---|--:|--:|--:|${appColumns.map(() => "--:").join("|")}|`,
  ];
  const maxOf = (route: string, server: string) => rowOf(rows, route, server, "max");
  for (const route of [...new Set(rows.map((row) => row.route))]) {
    const floor = maxOf(route, FLOOR);
    const base = maxOf(route, "baseline");
    if (!floor || !base) continue;
    const ratios = apps.flatMap((app) => {
      const mine = maxOf(route, app.name);
      const tails = [app.name, FLOOR, "baseline"].map(
        (server) => rowOf(rows, route, server, "half", app.name)?.p99 ?? "–",
      );
      return [mine ? `**${(mine.rps / floor.rps).toFixed(2)}**` : "–", tails.join(" / ")];
    });
    lines.push(
      `| ${route} | ${floor.rps} | ${floor.cpuMsPerRequest} | **${(floor.rps / base.rps).toFixed(2)}** | ${ratios.join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

export async function run() {
  const started = performance.now();
  const variants = appVariants();
  const seeded = await prepareDatabase();
  console.log(
    `${seeded.version}, ${seeded.count} documents over ${seeded.identifiers} identifiers` +
      (seeded.seedSeconds !== null
        ? `, seeded in ${seeded.seedSeconds} s ${JSON.stringify(seeded.seedTimings)}`
        : " (reused)") +
      `; ${CONNECTIONS} connections, ${SECONDS} s per measurement; every server on Node ${nodeVersion()} (${NODE})` +
      `; apps: ${variants.map((variant) => variant.label).join(", ")} ${process.env.BENCH_APP_ENV ?? ""}` +
      `${process.env.BENCH_NODE_ARGS ? ` node ${process.env.BENCH_NODE_ARGS}` : ""}; load ${loadavg()
        .map((v) => v.toFixed(1))
        .join(" ")}`,
  );
  const logDir = mkdtempSync(path.join(tmpdir(), "docflow-bench-api-"));
  const calls = routeBodies(seeded);
  const wanted = process.env.BENCH_ROUTES?.split(",") ?? Object.keys(calls);
  const floorDir =
    process.env.BENCH_FLOOR === "0"
      ? null
      : buildNextFloor(
          NODE,
          wanted.map((route) => calls[route]!.path),
        );
  const baseline = startServer(null, PORT, seeded.url, logDir);
  const apps = variants.map((variant, index) => startServer(variant, PORT + 1 + index, seeded.url, logDir));
  const servers = [...apps, baseline];
  const rows: Measurement[] = [];
  let floor: Server | null = null;
  try {
    await Promise.all(servers.map((server) => waitUntilUp(server, seeded.token)));
    if (floorDir) {
      const answers = await baselineAnswers(baseline, calls, wanted, seeded.token);
      floor = startServer(null, PORT + 1 + apps.length, "", logDir, { dir: floorDir, answers });
      servers.push(floor);
      await waitUntilUp(floor, seeded.token);
    }
    // Every route once on every server before the first measurement (route modules load, the JIT warms up), so the
    // first route measured is not the one that pays for it.
    for (const route of wanted) {
      for (const server of servers)
        await measure(server, route, calls[route]!, seeded.token, { seconds: 2, mode: "warmup" });
    }
    for (const route of wanted) {
      const call = calls[route]!;
      const measured = (server: Server, options: Parameters<typeof measure>[4]) =>
        measure(server, route, call, seeded.token, options);
      for (const server of servers) await measured(server, { seconds: 1, mode: "warmup" });
      const max = new Map<Server, Measurement>();
      for (const server of servers) max.set(server, await measured(server, { seconds: SECONDS, mode: "max" }));
      rows.push(...max.values());
      for (const app of apps) {
        const rate = Math.max(1, Math.round(max.get(app)!.rps / 2));
        // Each server idled while the others were measured, and its first moments back at this rate are a cold start
        // (the app's first 0.25 s: p99 150–300 ms, mark-compacts under way;
        // docs/decisions/0032-api-benchmark-method.md). Like
        // the maximum, the half load is measured warm, after a paced warm-up at the same rate whose p99 is printed.
        const halfLoad = async (server: Server, pairedWith?: string) => {
          const warm = await measured(server, { seconds: HALF_WARMUP_SECONDS, rate, mode: "half-warmup", pairedWith });
          const half = await measured(server, { seconds: SECONDS, rate, mode: "half", pairedWith });
          rows.push(warm, half);
          return { warm, half };
        };
        const { warm: appWarm, half: appHalf } = await halfLoad(app);
        const { warm: baseWarm, half: baseHalf } = await halfLoad(baseline, app.name);
        // Next's floor at the same offered rate: the tail a bare route handler has there, with no database and none of
        // our code (Next's own per-request objects set its garbage collection;
        // docs/decisions/0031-api-speed-targets-not-met.md).
        if (floor) {
          const { half: floorHalf } = await halfLoad(floor, app.name);
          console.log(`  (${FLOOR} at ${rate}/s, after the same warm-up: p99 ${floorHalf.p99} ms)`);
        }
        console.log(
          `  (back from idle, the first ${HALF_WARMUP_SECONDS} s at ${rate}/s, not counted: p99 ${appWarm.p99} ms ` +
            `${app.name}, ${baseWarm.p99} ms baseline)`,
        );
        if (process.env.BENCH_HALF_AUTOCANNON === "1") {
          const old = { seconds: SECONDS, rate, mode: "half-autocannon", autocannonRate: true };
          const [appOld, baseOld] = [
            await measured(app, old),
            await measured(baseline, { ...old, pairedWith: app.name }),
          ];
          console.log(
            `${route} · ${app.name} @ ${rate}/s, autocannon's overallRate: p50/p99 ${appOld.p50}/${appOld.p99} ms, ` +
              `baseline ${baseOld.p50}/${baseOld.p99} ms; paced: ${appHalf.p50}/${appHalf.p99} ms, baseline ` +
              `${baseHalf.p50}/${baseHalf.p99} ms`,
          );
        }
        const [appMax, baseMax] = [max.get(app)!, max.get(baseline)!];
        console.log(
          `${route} · ${app.name}: ${appMax.rps}/s cpu ${appMax.cpuMsPerRequest} ms, postgres ${appMax.pgCpuMsPerRequest} ms, ` +
            `p99 ${appHalf.p99} ms @ ${rate}/s · baseline ${baseMax.rps}/s cpu ${baseMax.cpuMsPerRequest} ms, ` +
            `postgres ${baseMax.pgCpuMsPerRequest} ms, p99 ${baseHalf.p99} ms (load ${appMax.load} / ${baseMax.load})`,
        );
      }
    }
  } finally {
    await stopServers(servers, logDir);
    if (floorDir) rmSync(floorDir, { recursive: true, force: true });
  }
  const report = apps
    .map(
      (app) =>
        `\n${app.name} against the baseline:\n\n${table(rows, app.name, "max")}\n\n` +
        `At half of this app's maximum (same offered rate on both):\n\n${table(rows, app.name, "half")}\n`,
    )
    .join("");
  console.log(report);
  if (floorDir)
    console.log(
      `\n${FLOOR} (a bare Next route handler, no database) at its maximum and at each app's half load:\n\n` +
        `${floorTable(rows, apps)}\n`,
    );
  console.log(`total ${Math.round((performance.now() - started) / 1000)} s`);
  mkdirSync("bench/out", { recursive: true });
  writeFileSync(
    path.join("bench/out", `api-${DOCUMENTS}-${new Date().toISOString().replaceAll(":", "-")}.json`),
    JSON.stringify(
      { documents: seeded.count, seconds: SECONDS, connections: CONNECTIONS, node: nodeVersion(), rows },
      null,
      2,
    ),
  );
}
