// The embedded database against PostgreSQL: the same app, the same seed (bench/api/seed.ts), the same document-API
// calls at 16 concurrent clients, once on PGlite (one process, as `npm start` serves it without DATABASE_URL) and
// once on PostgreSQL (as `npm start` serves it with DATABASE_URL: one process per core). The embedded
// default must keep ≥ 0.3× PostgreSQL's rate with zero errors.
//   npm run bench -- embedded             (100,000 documents; BENCH_SECONDS=10 per measurement)
//   BENCH_DOCUMENTS=20000 BENCH_CONNECTIONS=16 BENCH_ROUTES=loadById,create BENCH_FRESH=1 (reseed both)
//   BENCH_KEEP_LOGS=1 (the servers' JSON log lines)
// The PostgreSQL database is the api benchmark's (docflow_bench_api_<documents>); the PGlite folder is kept in
// bench/out/pglite-<documents> for the next run.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  appVariants,
  measure,
  nodeVersion,
  preparePglite,
  prepareDatabase,
  routeBodies,
  startServer,
  stopServers,
  waitUntilUp,
  type Measurement,
  type Seeded,
  type Server,
} from "./api.ts";

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || 100_000;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 16;
const PORT = Number(process.env.BENCH_PORT) || 3131;
const ROUTES = ["loadById", "loadByCPF", "create", "updateById"];

export async function run() {
  const started = performance.now();
  const pgliteDir = path.resolve("bench/out", `pglite-${DOCUMENTS}`);
  if (process.env.BENCH_FRESH) rmSync(pgliteDir, { recursive: true, force: true });
  mkdirSync(pgliteDir, { recursive: true });
  const onPostgres = await prepareDatabase(DOCUMENTS);
  const onPglite = await preparePglite(pgliteDir, DOCUMENTS);
  for (const seeded of [onPostgres, onPglite]) {
    console.log(
      `${seeded.version}: ${seeded.count} documents` +
        (seeded.seedSeconds !== null ? `, seeded in ${seeded.seedSeconds} s` : " (reused)"),
    );
  }
  const [served] = appVariants("start");
  const [single] = appVariants("start:1");
  const logDir = mkdtempSync(path.join(tmpdir(), "docflow-bench-embedded-"));
  const targets: { server: Server; seeded: Seeded }[] = [
    { server: startServer(served!, PORT, onPostgres.url, logDir), seeded: onPostgres },
    {
      server: startServer({ ...single!, env: { PGLITE_DIR: pgliteDir } }, PORT + 1, "", logDir),
      seeded: onPglite,
    },
  ];
  targets[1]!.server.name = "PGlite";
  targets[0]!.server.name = "PostgreSQL";
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per measurement, Node ${nodeVersion()}; PostgreSQL app: ${served!.label}, ` +
      `PGlite app: ${single!.label}; load ${loadavg()
        .map((v) => v.toFixed(1))
        .join(" ")}`,
  );
  const rows: Measurement[] = [];
  try {
    await Promise.all(targets.map(({ server, seeded }) => waitUntilUp(server, seeded.token)));
    const wanted = process.env.BENCH_ROUTES?.split(",") ?? ROUTES;
    for (const route of wanted) {
      for (const { server, seeded } of targets) {
        const call = routeBodies(seeded)[route]!;
        const options = { connections: CONNECTIONS };
        await measure(server, route, call, seeded.token, { ...options, seconds: 2, mode: "warmup" });
        rows.push(await measure(server, route, call, seeded.token, { ...options, seconds: SECONDS, mode: "max" }));
      }
      const [postgres, pglite] = rows.slice(-2) as [Measurement, Measurement];
      console.log(
        `${route}: PostgreSQL ${postgres.rps}/s (${postgres.errors} errors) · PGlite ${pglite.rps}/s ` +
          `(${pglite.errors} errors) · ${(pglite.rps / postgres.rps).toFixed(2)}×`,
      );
    }
  } finally {
    await stopServers(
      targets.map(({ server }) => server),
      logDir,
    );
  }
  const lines = [
    "| route | PostgreSQL req/s | PGlite req/s | PGlite / PostgreSQL | PostgreSQL p50 / p99 ms | PGlite p50 / p99 ms | errors PostgreSQL / PGlite | CPU ms/req PostgreSQL / PGlite | load |",
    "|---|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (let index = 0; index < rows.length; index += 2) {
    const [postgres, pglite] = [rows[index]!, rows[index + 1]!];
    lines.push(
      `| ${postgres.route} | ${postgres.rps} | ${pglite.rps} | **${(pglite.rps / postgres.rps).toFixed(2)}** | ` +
        `${postgres.p50} / ${postgres.p99} | ${pglite.p50} / ${pglite.p99} | ${postgres.errors} / ${pglite.errors} | ` +
        `${postgres.cpuMsPerRequest} / ${pglite.cpuMsPerRequest} | ${postgres.load} → ${pglite.load} |`,
    );
  }
  console.log(`\n${lines.join("\n")}\n\ntotal ${Math.round((performance.now() - started) / 1000)} s`);
}
