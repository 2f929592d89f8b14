// The document-API benchmark: the app (`next start`, or BENCH_APP_COMMAND) against a hand-written node:http + pg
// baseline (bench/api/baseline.ts) answering the same five calls with the same JSON, on one PostgreSQL database of
// 1,000,000 documents (100,000 with --quick). Per route and server, alternating in one run: req/s at 32 connections,
// p50/p99, errors, CPU ms per request (utime+stime of the server's process tree / requests), RSS; then both at half
// of the app's maximum. The load average is recorded with every run.
//
//   npm run bench -- api --quick                      (100,000 documents, ~3 s per measurement)
//   npm run bench -- api                              (1,000,000 documents, BENCH_SECONDS=15 per measurement)
//   BENCH_DATABASE_URL=postgresql://…  server to use (else TEST_DATABASE_URL, else the local postgres:postgres)
//   BENCH_APP_COMMAND="npx tsx scripts/start.ts"  BENCH_APP_ENV="WEB_CONCURRENCY=2"   how the app is started
//   BENCH_ROUTES=loadById,create  BENCH_CONNECTIONS=32  BENCH_FRESH=1 (reseed)  BENCH_NODE=/path/to/node
// The seeded database (docflow_bench_api_<documents>) is kept for the next run; BENCH_FRESH=1 drops it first.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { formattedCpf, identifierDigits, seedDocuments } from "./api/seed.ts";

const quick = process.argv.includes("--quick");
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || (quick ? 100_000 : 1_000_000);
const IDENTIFIERS = Math.floor(DOCUMENTS / 10);
const SECONDS = Number(process.env.BENCH_SECONDS) || (quick ? 3 : 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 32;
const PORT = Number(process.env.BENCH_PORT) || Number(process.env.E2E_PORT) + 1 || 3111;
const NODE = process.env.BENCH_NODE || process.execPath;
const TICKS_PER_SECOND = 100;

type Server = { name: "app" | "baseline"; base: string; process: ChildProcess };
type Measurement = {
  route: string;
  server: string;
  mode: string;
  connections: number;
  rate: number | null;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number;
  rssMb: number;
  load: string;
};

// ---- database -----------------------------------------------------------------------------------------------------
async function prepareDatabase() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const name = `docflow_bench_api_${DOCUMENTS}`;
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

  const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/catalog.ts");
  const { generateSecret, hashSecret } = await import("../lib/auth/secrets.ts");
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
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const modality = await db.modality.findUniqueOrThrow({ where: { id: catalog.modalityIds.businessHours } });
    seedTimings = await seedDocuments(client, {
      instanceId: catalog.instanceId,
      productId: catalog.productId,
      statusIds: Object.values(catalog.statusIds),
      modality: { id: modality.id, identifier: modality.identifier },
      documents: DOCUMENTS,
    });
    await client.end();
  }
  // A fresh token per run (its hash is all the database keeps); rate limits are lifted on the app for the run.
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
  const ids = await db.document.aggregate({
    where: { instanceId: instance.id },
    _min: { id: true },
    _max: { id: true },
  });
  const statusNovo = await db.status.findFirstOrThrow({ where: { instanceId: instance.id, name: "Novo" } });
  const product = await db.product.findFirstOrThrow({ where: { instanceId: instance.id } });
  const count = await db.document.count({ where: { instanceId: instance.id } });
  await closeDb();
  return {
    url: url.toString(),
    version,
    token,
    minId: ids._min.id!,
    maxId: ids._max.id!,
    count,
    statusId: statusNovo.id,
    productId: product.id,
    seedSeconds: seedTimings ? Math.round((performance.now() - started) / 100) / 10 : null,
    seedTimings,
  };
}

// ---- servers ------------------------------------------------------------------------------------------------------
function startServer(name: Server["name"], port: number, databaseUrl: string): Server {
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_APP_ENV ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXTAUTH_SECRET: "bench-secret",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    API_RATE_LIMIT_PER_MINUTE: "100000000",
    ...(name === "app" ? extraEnv : {}),
  };
  const [command, ...args] =
    name === "baseline"
      ? [NODE, "--import", "tsx", "bench/api/baseline.ts"]
      : process.env.BENCH_APP_COMMAND
        ? process.env.BENCH_APP_COMMAND.split(/\s+/)
        : [NODE, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = spawn(command!, args, { stdio: ["ignore", "ignore", "inherit"], env });
  return { name, base: `http://127.0.0.1:${port}`, process: child };
}

async function waitUntilUp(server: Server, token: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
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

function cpuTicks(pid: number): number {
  return processTree(pid).reduce((sum, one) => {
    try {
      const fields = readFileSync(`/proc/${one}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return sum;
    }
  }, 0);
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
type Seeded = Awaited<ReturnType<typeof prepareDatabase>>;
const randomInt = (max: number) => Math.floor(Math.random() * max);

/** A random identifier as stored: an evenly drawn customer, half formatted, half bare (as the seed wrote them). */
function randomCpf(): string {
  const digits = identifierDigits(randomInt(IDENTIFIERS));
  return Math.random() < 0.5 ? formattedCpf(digits) : digits;
}

function routeBodies(seeded: Seeded): Record<string, { path: string; body: () => unknown }> {
  const randomId = () => seeded.minId + randomInt(seeded.maxId - seeded.minId + 1);
  return {
    loadById: { path: "/api/document/loadById", body: () => ({ id: randomId() }) },
    loadByCPF: { path: "/api/document/loadByCPF", body: () => ({ cpf: randomCpf() }) },
    "loadByCPF+categories": {
      path: "/api/document/loadByCPF",
      body: () => ({ cpf: randomCpf(), categories: "primary,valid" }),
    },
    create: {
      path: "/api/document/create",
      body: () => ({
        status_id: seeded.statusId,
        product_id: seeded.productId,
        cpf: randomCpf(),
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

async function measure(
  server: Server,
  route: string,
  call: { path: string; body: () => unknown },
  token: string,
  options: { seconds: number; rate?: number; mode: string },
): Promise<Measurement> {
  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuTicks(server.process.pid!);
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [
      {
        method: "POST",
        path: call.path,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify(call.body()) }),
      },
    ],
  });
  const cpuMs = ((cpuTicks(server.process.pid!) - cpuBefore) * 1000) / TICKS_PER_SECOND;
  const requests = result.requests.total;
  return {
    route,
    server: server.name,
    mode: options.mode,
    connections: CONNECTIONS,
    rate: options.rate ?? null,
    requests,
    rps: Math.round(requests / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: requests ? Math.round((cpuMs / requests) * 100) / 100 : 0,
    rssMb: Math.round(rssMb(server.process.pid!)),
    load: `${loadBefore.toFixed(1)}→${loadavg()[0]!.toFixed(1)}`,
  };
}

function table(rows: Measurement[], mode: string): string {
  const lines = [
    "| route | app req/s | baseline req/s | app / baseline | app p50 / p99 ms | baseline p50 / p99 ms | app CPU ms/req | baseline CPU ms/req | errors app / baseline | app RSS MB | load |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (const route of [...new Set(rows.map((row) => row.route))]) {
    const app = rows.find((row) => row.route === route && row.server === "app" && row.mode === mode);
    const base = rows.find((row) => row.route === route && row.server === "baseline" && row.mode === mode);
    if (!app || !base) continue;
    lines.push(
      `| ${route}${mode === "half" ? ` @ ${app.rate}/s` : ""} | ${app.rps} | ${base.rps} | **${(app.rps / base.rps).toFixed(2)}** | ${app.p50} / ${app.p99} | ${base.p50} / ${base.p99} | ${app.cpuMsPerRequest} | ${base.cpuMsPerRequest} | ${app.errors} / ${base.errors} | ${app.rssMb} | ${app.load} |`,
    );
  }
  return lines.join("\n");
}

export async function run() {
  const started = performance.now();
  const seeded = await prepareDatabase();
  console.log(
    `PostgreSQL ${seeded.version}, ${seeded.count} documents over ${IDENTIFIERS} identifiers` +
      (seeded.seedSeconds !== null
        ? `, seeded in ${seeded.seedSeconds} s ${JSON.stringify(seeded.seedTimings)}`
        : " (reused)") +
      `; ${CONNECTIONS} connections, ${SECONDS} s per measurement; node ${NODE === process.execPath ? process.version : NODE}` +
      `; app: ${process.env.BENCH_APP_COMMAND ?? "next start"} ${process.env.BENCH_APP_ENV ?? ""}; load ${loadavg()
        .map((v) => v.toFixed(1))
        .join(" ")}`,
  );
  const servers = [startServer("app", PORT, seeded.url), startServer("baseline", PORT + 1, seeded.url)];
  const rows: Measurement[] = [];
  try {
    await Promise.all(servers.map((server) => waitUntilUp(server, seeded.token)));
    const calls = routeBodies(seeded);
    const wanted = process.env.BENCH_ROUTES?.split(",") ?? Object.keys(calls);
    for (const route of wanted) {
      const call = calls[route]!;
      for (const server of servers) await measure(server, route, call, seeded.token, { seconds: 1, mode: "warmup" });
      for (const server of servers) {
        rows.push(await measure(server, route, call, seeded.token, { seconds: SECONDS, mode: "max" }));
      }
      const half = Math.max(1, Math.round(rows.at(-2)!.rps / 2));
      for (const server of servers) {
        rows.push(await measure(server, route, call, seeded.token, { seconds: SECONDS, rate: half, mode: "half" }));
      }
      const [app, base] = rows.slice(-4);
      console.log(
        `${route}: app ${app!.rps}/s p99 ${app!.p99} ms cpu ${app!.cpuMsPerRequest} ms · baseline ${base!.rps}/s p99 ${base!.p99} ms cpu ${base!.cpuMsPerRequest} ms (load ${app!.load})`,
      );
    }
  } finally {
    for (const server of servers) server.process.kill("SIGTERM");
    await Promise.all(servers.map((server) => new Promise((resolve) => server.process.once("exit", resolve))));
  }
  const report = `\n${table(rows, "max")}\n\nAt half of the app's maximum (same offered rate on both):\n\n${table(rows, "half")}\n`;
  console.log(report);
  console.log(`total ${Math.round((performance.now() - started) / 1000)} s`);
  mkdirSync("bench/out", { recursive: true });
  writeFileSync(
    path.join("bench/out", `api-${DOCUMENTS}-${new Date().toISOString().replaceAll(":", "-")}.json`),
    JSON.stringify({ documents: seeded.count, seconds: SECONDS, connections: CONNECTIONS, rows }, null, 2),
  );
}
